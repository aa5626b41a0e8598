"""Writes Sources/Recognize/Resources/word-frequencies.txt.gz: how common each word of the
reader's lexicon is in English, from wordfreq (Robyn Speer et al.; its data is CC BY-SA 4.0,
see Resources/word-frequencies.NOTICE).

    pip install wordfreq && python3 scripts/handwriting/make_word_frequencies.py

One line per word, lower case: the word, a tab, and its Zipf frequency times ten (log10 of its
uses per billion words, plus 9; 'the' is 77). Words wordfreq does not know are left out.
"""
import gzip
import os

from wordfreq import zipf_frequency

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
RESOURCES = os.path.join(ROOT, "Sources", "Recognize", "Resources")


def main():
    with gzip.open(os.path.join(RESOURCES, "english-words.txt.gz"), "rt", encoding="utf-8") as f:
        words = {w.strip().lower() for w in f if w.strip()}
    with open(os.path.join(RESOURCES, "ui-lexicon.txt"), encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                words.update(w.lower() for w in line.split())
    rows = []
    for word in sorted(words):
        zipf = zipf_frequency(word, "en")
        if zipf > 0:
            rows.append(f"{word}\t{round(zipf * 10)}\n")
    out = os.path.join(RESOURCES, "word-frequencies.txt.gz")
    with gzip.GzipFile(out, "wb", mtime=0) as f:
        f.write("".join(rows).encode("utf-8"))
    print(f"wrote {len(rows)} of {len(words)} words to {out}")


if __name__ == "__main__":
    main()
