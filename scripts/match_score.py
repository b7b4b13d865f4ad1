"""A match's score with its Elo difference and 95% interval, shared by the match scripts."""
import math


def elo(p):
    p = min(max(p, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / p - 1)


def score_line(points):
    """`S/N = P% (+E Elo, 95% +L to +H)` for a list of game points (1, 0.5 or 0)."""
    n = len(points)
    p = sum(points) / n
    sd = math.sqrt(sum((x - p) ** 2 for x in points) / max(n - 1, 1) / n)
    return (f"{sum(points)}/{n} = {100 * p:.1f}% ({elo(p):+.0f} Elo, "
            f"95% {elo(p - 1.96 * sd):+.0f} to {elo(p + 1.96 * sd):+.0f})")
