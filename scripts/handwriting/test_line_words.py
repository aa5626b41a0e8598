"""Lines are cut into words for training as the evaluation cuts them (IAMOnDBLine.words() in
Swift, tested by LineWordsTests with the same lines): `python3 -m pytest scripts/handwriting`."""
from data import line_words


def ink(x0, x1, height=20.0):
    """A stroke spanning x0..x1 and `height` above the baseline."""
    return [(x0, 0.0), ((x0 + x1) / 2, -height), (x1, 0.0)]


def test_a_full_stop_standing_alone_joins_its_word_and_is_never_taken_for_one():
    go, home, stop = ink(0, 30), ink(50, 110), ink(140, 142, height=2)
    words = line_words([go, home, stop], "Go home.")
    assert [t for t, _ in words] == ["Go", "home."]
    assert words[1][1] == [home, stop]


def test_a_cut_that_puts_two_words_under_one_text_is_refused():
    strokes = [ink(0, 40), ink(38, 80), ink(110, 130), ink(150, 170)]
    assert line_words(strokes, "we are here") is None


def test_words_as_wide_as_their_letters_are_cut():
    words = line_words([ink(0, 38), ink(60, 76), ink(100, 136)], "Sign in now")
    assert [t for t, _ in words] == ["Sign", "in", "now"]
