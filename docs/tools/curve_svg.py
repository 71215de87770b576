#!/usr/bin/env python3
"""Draws the learned evaluator's learning curve (docs/BOTS.md) from the CSV
that `ca-ngua-cli train --curve FILE` writes: the learned Hard's share of
wins against today's Hard after each number of training games, with its
95% Wilson interval. Usage: curve_svg.py CURVE.csv OUT.svg"""
import math, sys

def wilson(k, n):
    if n == 0:
        return 0.0, 1.0
    z = 1.959963984540054
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h

rows = [l.strip().split(',') for l in open(sys.argv[1]) if l[0].isdigit()]
pts = [(int(g), int(w), int(n)) for g, w, n in rows]
W, H, L, R, T, B = 640, 360, 64, 20, 36, 48
top_g = max(g for g, _, _ in pts) or 1
lo_y, hi_y = 0.30, 0.70
x = lambda g: L + (W - L - R) * g / top_g
y = lambda v: T + (H - T - B) * (hi_y - v) / (hi_y - lo_y)
out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" font-family="sans-serif" font-size="12">',
       f'<rect width="{W}" height="{H}" fill="white"/>',
       f'<text x="{W/2}" y="20" text-anchor="middle" font-size="14">Learned Hard against today\'s Hard, two players, standard rules</text>']
for v in [0.3, 0.4, 0.5, 0.6, 0.7]:
    dash = ' stroke-dasharray="4 3"' if v == 0.5 else ''
    out.append(f'<line x1="{L}" x2="{W-R}" y1="{y(v):.1f}" y2="{y(v):.1f}" stroke="{"#888" if v == 0.5 else "#ddd"}"{dash}/>')
    out.append(f'<text x="{L-6}" y="{y(v)+4:.1f}" text-anchor="end">{v*100:.0f}%</text>')
step = 100000 if top_g > 300000 else max(top_g // 4, 1)
g = 0
while g <= top_g:
    out.append(f'<text x="{x(g):.1f}" y="{H-B+16}" text-anchor="middle">{g//1000}k</text>')
    g += step
out.append(f'<text x="{(L+W-R)/2}" y="{H-10}" text-anchor="middle">training games</text>')
path = []
for g, k, n in pts:
    a, b = wilson(k, n)
    out.append(f'<line x1="{x(g):.1f}" x2="{x(g):.1f}" y1="{y(max(a, lo_y)):.1f}" y2="{y(min(b, hi_y)):.1f}" stroke="#9bb8e0" stroke-width="3"/>')
    path.append(f'{x(g):.1f},{y(k/n):.1f}')
out.append(f'<polyline points="{" ".join(path)}" fill="none" stroke="#1f5fbf" stroke-width="2"/>')
for g, k, n in pts:
    out.append(f'<circle cx="{x(g):.1f}" cy="{y(k/n):.1f}" r="3.5" fill="#1f5fbf"><title>{g} games: {k}/{n}</title></circle>')
out.append(f'<text x="{W-R}" y="{H-B-8}" text-anchor="end" fill="#555">each point {pts[0][2]} games, seats swapped on the same dice; bars: 95% interval</text>')
out.append('</svg>')
open(sys.argv[2], 'w').write('\n'.join(out) + '\n')
