# Pairs per second per implementation and query (from gjk2d_bench --dat FILE).
# Usage: gnuplot -e "dat='bench/results/w1w2.dat'; out='bench/results/pairs_per_second.svg'" bench/plot.gp
if (!exists("dat")) dat = 'bench/results/w1w2.dat'
if (!exists("out")) out = 'bench/results/pairs_per_second.svg'
if (out[strlen(out)-2:] eq 'png') { set terminal pngcairo size 1100,520 font ',10' } else { set terminal svg size 1100,520 dynamic font 'sans,11' }
set output out
set title 'gjk2d: pairs per second, single thread (higher is better)'
set ylabel 'million pairs / s'
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key outside right top vertical
set grid ytics
set xtics rotate by -30
set yrange [0:*]
impls = system("awk '!/^#/ {print $3}' ".dat." | awk '!seen[$0]++' | tr '\\n' ' '")
groups = system("awk '!/^#/ {print $1\"-\"$2}' ".dat." | awk '!seen[$0]++' | tr '\\n' ' '")
# One row per workload-query group, one column per implementation.
table = 'plot_table.tmp'
system("awk 'BEGIN{n=0} !/^#/ {g=$1\"-\"$2; if(!(g in gi)){gi[g]=n; go[n++]=g} if(!($3 in ii)){ii[$3]=m; io[m++]=$3} v[g,$3]=$4/1e6} END{for(i=0;i<n;i++){printf \"%s\", go[i]; for(j=0;j<m;j++){k=(go[i] SUBSEP io[j]); printf \" %s\", (k in v)?v[k]:\"0\"} printf \"\\n\"}}' ".dat." > ".table)
plot for [i=1:words(impls)] table using (column(i+1)):xtic(1) title word(impls, i)
system("rm -f ".table)
