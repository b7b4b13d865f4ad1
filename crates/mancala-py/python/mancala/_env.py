"""What the environments share: the board as text for ``render``, and actions read as whole
numbers."""

import operator

import mancala

RENDER_MODES = ["human", "ansi"]


def check_mode(mode):
    """Refuses a render mode the environments do not have."""
    if mode is not None and mode not in RENDER_MODES:
        raise mancala.MancalaError(f"render_mode {mode!r}: expected one of {RENDER_MODES}")


def render(mode, state):
    """What ``render()`` gives in ``mode``: the text for ``ansi``, None after printing it for
    ``human``, None without a mode or a state."""
    if mode is None or state is None:
        return None
    text = board_text(state)
    if mode == "human":
        print(text)
        return None
    return text


def board_text(state):
    """North's row on top (as South sees it, so from North's right to left), South's below,
    then the position string and who is to move."""
    n = state.get_game().pits
    pits = state.pits()
    south, north = pits[:n], pits[n:]
    s_score, n_score = state.scores()
    width = max(2, max(len(str(c)) for c in pits))

    def row(cells):
        return " ".join(str(c).rjust(width) for c in cells)

    if state.is_terminal():
        status = "over"
    else:
        status = ("South", "North")[state.current_player()] + " to move"
    return "\n".join(
        [
            f"North {n_score:>3} | {row(reversed(north))}",
            f"South {s_score:>3} | {row(south)}",
            f"{state}  {status}",
        ]
    )


def action_number(action, n):
    """``action`` (an int, a NumPy integer, a 0-d integer array) as an int; a MancalaError for
    anything else (a float is not rounded into an action). ``n``: the distinct actions."""
    try:
        return operator.index(action)
    except TypeError:
        raise mancala.MancalaError(
            f"action {action!r}: an action is a whole number (0 to {n - 1})"
        ) from None
