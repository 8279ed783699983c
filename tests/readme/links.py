# SPDX-License-Identifier: MIT
"""Every relative link of the README and the docs leads somewhere: the file exists and, for a link into a
markdown file, so does the #anchor (GitHub's heading slugs). Links outside fenced code blocks only.
  usage: links.py ROOT   (checks ROOT/README.md, ROOT/tests/README.md and ROOT/docs/*.md; exit 1 on a dead link)"""
import re
import sys
from pathlib import Path

FENCED = re.compile(r"```.*?```", re.S)


def slug(heading):
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.replace("`", "").strip().lower()).replace(" ", "-")


def anchors(path):
    found, seen = set(), {}
    for heading in re.findall(r"^#+ (.*)$", FENCED.sub("", path.read_text()), re.M):
        s = slug(heading)
        n = seen.get(s, 0)
        seen[s] = n + 1
        found.add(s if n == 0 else f"{s}-{n}")
    return found


def dead_links(page):
    for link in re.findall(r"\]\(([^)\s]+)\)", FENCED.sub("", page.read_text())):
        if re.match(r"[a-z]+:", link):  # http:, https:, mailto:
            continue
        path, _, anchor = link.partition("#")
        target = (page.parent / path).resolve() if path else page
        if not target.exists():
            yield f"{page}: {link}: no such file"
        elif anchor and target.suffix == ".md" and anchor not in anchors(target):
            yield f"{page}: {link}: no such heading"


root = Path(sys.argv[1])
pages = [root / "README.md", root / "tests" / "README.md", *sorted((root / "docs").glob("*.md"))]
dead = [d for page in pages for d in dead_links(page)]
print("\n".join(dead) or f"{len(pages)} pages, every relative link leads somewhere")
sys.exit(1 if dead else 0)
