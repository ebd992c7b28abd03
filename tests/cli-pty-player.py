#!/usr/bin/env python3
"""tests/cli-pty-player.py — a player at an 80x24 terminal for `meeple play`.

Runs the command given after "--" in a pseudo-terminal of COLUMNS x LINES
(TIOCSWINSZ: meeple learns the size the way it does from a real terminal,
with TIOCGWINSZ) and answers every prompt from what the screen shows, and
from nothing else: the numbers listed, the letters printed on the board or
in the lists, the figure question of a preview.  It knows no rule set; its
choices come from a seeded random generator, so a given game is played the
same way every time.  It goes back now and then (a step back, a preview
taken back) as a person changing their mind would.

It fails (exit 1, saying why) when the program prints a line wider than
the terminal, an event's or option's internal number (" arg N", a
notation ending in a bare number after its cell), asks something it cannot
answer from the screen, or does not reach the final scores in time.  The
whole transcript goes to --transcript.  python3's standard library only:
pty, no pexpect.
"""
import argparse
import fcntl
import os
import pty
import random
import re
import select
import signal
import struct
import sys
import termios
import time

PROMPT = re.compile(r"Your choice \(([^)]*)\)> $")
ANSI = re.compile(r"\x1b\[[0-9;]*m")


class Failed(Exception):
    pass


def fail(message, transcript):
    sys.stdout.write("FAIL - %s\n" % message)
    tail = transcript.splitlines()[-25:]
    for line in tail:
        sys.stdout.write("    | %s\n" % line)
    raise Failed(message)


def spawn(argv, columns, lines):
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.pop("COLUMNS", None)
        os.environ.pop("LINES", None)
        os.execvp(argv[0], argv)
    # The child's terminal gets its size before it reads it.
    fcntl.ioctl(fd, termios.TIOCSWINSZ,
                struct.pack("HHHH", lines, columns, 0, 0))
    return pid, fd


def screen_text(out):
    """The bytes the terminal received as text: the terminal's "\r\n"
    line ends as "\n"."""
    return out.decode("utf-8", "replace").replace("\r\n", "\n")


def read_until_prompt(fd, deadline):
    """Everything printed until a prompt (or the end); (text, ended),
    ended None when the time ran out."""
    out = b""
    while time.time() < deadline:
        ready, _, _ = select.select([fd], [], [], 1.0)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            return screen_text(out), True
        if not chunk:
            return screen_text(out), True
        out += chunk
        text = screen_text(out)
        if PROMPT.search(text):
            return text, False
    return screen_text(out), None


def listed_numbers(screen):
    """Numbers of the options listed since the last question."""
    return [int(m.group(1)) for m in
            re.finditer(r"^ {1,3}([0-9]+)  \S", screen, re.M)]


def answer(screen, prompt, rng, state):
    """The answer to @prompt, read off @screen (what the player sees
    since the previous answer)."""
    if prompt.startswith("yes to send"):
        # Now and then the player takes the preview back once.
        if not state.get("confirm_back") and rng.random() < 0.1:
            state["confirm_back"] = True
            return "back"
        state["confirm_back"] = False
        return "yes"
    if prompt.startswith("a letter, FIGURE LETTER"):
        letters = re.findall(r"^   ([a-zA-Z])  \S+ \S+$", screen, re.M)
        figures = re.search(r"^Your figures: (.*)\.$", screen, re.M)
        if not state.get("preview_back") and rng.random() < 0.1:
            state["preview_back"] = True
            return "back"
        state["preview_back"] = False
        if letters and figures and "none left" not in figures.group(1) \
                and rng.random() < 0.6:
            first = figures.group(1).split(",")[0].split()[0]
            letter = rng.choice(letters)
            return letter if rng.random() < 0.5 else "%s %s" % (first, letter)
        return "none"
    # The options: what follows the decision's line (a redrawn step has
    # none: then all of it), not the seats table above it.
    at = screen.rfind("your decision: ")
    numbers = listed_numbers(screen[at:] if at >= 0 else screen)
    if "first choose where" in screen:
        # The cells lettered on the board, as the list names them.
        entries = re.findall(r"([0-9]+)=([a-zA-Z0-9]+) ", screen)
        if "back" in prompt and rng.random() < 0.1:
            return "back"
        if entries:
            return rng.choice(entries)[1]
    if "back" in prompt and rng.random() < 0.05:
        return "back"
    if numbers:
        number = rng.choice(numbers)
        # Now and then the notation as listed instead of its number.
        shown = re.search(r"^ {1,3}%d  (\S+(?: \S+)*?)(?:  |$)" % number,
                          screen[at:] if at >= 0 else screen, re.M)
        if shown and "first choose what" not in screen and \
                rng.random() < 0.2:
            return shown.group(1)
        return str(number)
    m = re.match(r"1-([0-9]+)", prompt)
    if m:
        return str(rng.randint(1, int(m.group(1))))
    return None


def check_back(previous, text, transcript):
    """What follows a "back" answered at prompt @previous: the question
    before it, and nothing sent."""
    if previous.startswith("yes to send"):
        if "A figure on this tile?" not in text:
            fail("back from the confirmation did not ask for the figure "
                 "again", transcript)
    elif previous.startswith("a letter, FIGURE LETTER"):
        if re.search(r"^#[0-9]+ tile-placed Player 1", text, re.M):
            fail("back from a preview sent the placement", transcript)
        if "Your choice (1-" not in text:
            fail("back from a preview did not return to the placements",
                 transcript)
    elif "first choose" not in text:
        fail("back did not return to the previous step", transcript)


def check_screen(text, columns, transcript):
    for line in text.split("\n"):
        plain = ANSI.sub("", line)
        if len(plain) > columns:
            fail("a line of %d columns, wider than %d: %r"
                 % (len(plain), columns, plain), transcript)
        if re.search(r"\barg -?[0-9]", plain):
            fail("an internal field (arg) is printed: %r" % plain,
                 transcript)
        if re.match(r"^ +[0-9]+  .* @ -?[0-9]+,-?[0-9]+ [0-9]+\b", plain):
            fail("an option shows a bare number after its cell: %r" % plain,
                 transcript)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--columns", type=int, default=80)
    parser.add_argument("--lines", type=int, default=24)
    parser.add_argument("--timeout", type=int, default=600)
    parser.add_argument("--transcript", required=True)
    parser.add_argument("command", nargs="+")
    o = parser.parse_args()
    rng = random.Random(o.seed)
    pid, fd = spawn(o.command, o.columns, o.lines)
    deadline = time.time() + o.timeout
    transcript = ""
    state = {}
    answers = 0
    status = 0
    failed = False
    try:
        while True:
            text, ended = read_until_prompt(fd, deadline)
            transcript += text
            check_screen(text, o.columns, transcript)
            if ended is None:
                fail("no prompt and no end within the time limit",
                     transcript)
            if ended:
                break
            if state.get("back_from") is not None:
                check_back(state.pop("back_from"), text, transcript)
            prompt = PROMPT.search(text).group(1)
            line = answer(text, prompt, rng, state)
            if line == "back":
                state["back_from"] = prompt
                state["backs"] = state.get("backs", 0) + 1
            if line is None:
                fail("cannot answer %r from the screen" % prompt, transcript)
            os.write(fd, (line + "\n").encode())
            answers += 1
    except Failed:
        failed = True
        # Ctrl-C, as a player would: meeple stops its bots and leaves.
        os.kill(pid, signal.SIGINT)
    finally:
        with open(o.transcript, "w") as f:
            f.write(transcript)
        try:
            _, status = os.waitpid(pid, 0)
        except ChildProcessError:
            status = 0
        os.close(fd)
    if failed:
        sys.exit(1)
    if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
        fail("meeple play did not exit 0 (status %r)" % status, transcript)
    if not re.search(r"^Final scores: ", transcript, re.M):
        fail("no final scores", transcript)
    print("ok - played to the end with %d answers, %d of them back"
          % (answers, state.get("backs", 0)))


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    main()
