# The benchmark's plots, from the data files gjk2d_bench --out DIR writes (one block per implementation,
# headed by its name). Usage: gnuplot -e "dir='DIR'" bench/plots.gp   (writes DIR/*.svg)
if (!exists("dir")) dir = 'bench/results'
set terminal svg size 1200,420 dynamic noenhanced font 'sans,11' background '#ffffff'
set grid
set key outside right top vertical
set style data linespoints
set pointsize 0.8
set logscale y
set ylabel 'million pairs / s (log)'

# Throughput vs vertex count, one panel per query.
set output dir.'/vertices.svg'
set multiplot layout 1,3 title 'Throughput vs vertex count, single thread (higher is better)'
set logscale x 2
set xrange [2.6:75]
set xtics (3, 4, 8, 16, 32, 64)
set xlabel 'vertices per polygon'
do for [q in 'distance overlap sat'] {
    f = dir.'/vertices-'.q.'.dat'
    nb = int(system("grep -c '^\"' ".f))
    set title q
    set key inside bottom left font ',9'
    plot for [i=0:nb-1] f index i using 1:2 title columnheader(1)
}
unset multiplot
unset logscale x

# Throughput vs batch size.
set output dir.'/batch.svg'
set terminal svg size 800,420 dynamic noenhanced font 'sans,11' background '#ffffff'
set title 'Distance query: throughput vs batch size (W1 prefixes), single thread'
set logscale x 10
set xtics auto
set format x "%.0e"
set xlabel 'pairs per batch'
set key inside right center font ',9'
f = dir.'/batch-distance.dat'
nb = int(system("grep -c '^\"' ".f))
set xrange [700:1.4e7]
roof = dir.'/roofline.dat'
if (system("test -f ".roof." && echo 1") eq "1") {
    plot for [i=0:nb-1] f index i using 1:2 title columnheader(1), roof using 1:2 with lines dashtype 2 lw 2 lc rgb '#555555' title columnheader(1)
} else {
    plot for [i=0:nb-1] f index i using 1:2 title columnheader(1)
}
set xrange [*:*]
unset logscale x
set format x '%g'

# Throughput vs threads, one panel per query.
set output dir.'/threads.svg'
set terminal svg size 1200,420 dynamic noenhanced font 'sans,11' background '#ffffff'
unset logscale y
set ylabel 'million pairs / s'
set yrange [0:*]
set xrange [0.8:2.2]
set xtics (1, 2)
set xlabel 'threads'
set multiplot layout 1,3 title 'Throughput vs threads, W1 (higher is better)'
do for [q in 'distance overlap sat'] {
    f = dir.'/threads-'.q.'.dat'
    nb = int(system("grep -c '^\"' ".f))
    set title q
    set key inside bottom left font ',9'
    plot for [i=0:nb-1] f index i using 1:2 title columnheader(1)
}
unset multiplot
