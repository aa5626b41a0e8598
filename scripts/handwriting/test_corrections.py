"""The reader's training takes people's typed corrections of read handwriting from dataset
exports (folders and zips), and nothing else: `python3 -m pytest scripts/handwriting`."""
import json
import os
import zipfile

from corrections import load_corrections

SCREEN = {
    "screen": {"id": "main", "name": "Main", "width": 390, "height": 844},
    "strokes": [
        {"id": "s1", "color": "#000", "width": 2, "points": [[10, 10, 0], [20, 30, 8]]},
        {"id": "s2", "color": "#000", "width": 2, "points": [[30, 10, 0], [40, 30, 8]]},
        {"id": "s3", "color": "#000", "width": 2, "points": [[50, 10, 0], [60, 30, 8]]},
        {"id": "s4", "color": "#000", "width": 2, "points": [[70, 10, 0], [80, 30, 8]]},
    ],
    "elements": [
        # Read as "Emoil", retyped "Email": an example, strokes in drawing order.
        {"id": "e1", "type": "label", "strokeIds": ["s2", "s1"], "text": "Email", "textSource": "typed",
         "recognized": {"type": "label", "text": "Emoil", "confidence": 0.4}, "source": "corrected"},
        # Read and left alone: the reader's own output, no truth.
        {"id": "e2", "type": "label", "strokeIds": ["s3"], "text": "Next", "textSource": "read",
         "recognized": {"type": "label", "text": "Next", "confidence": 0.9}, "source": "uncorrected"},
        # Typed over a squiggle the reader never read: no handwriting to learn from.
        {"id": "e3", "type": "label", "strokeIds": ["s4"], "text": "Lorem", "textSource": "typed",
         "recognized": {"type": "label", "confidence": 0.8}, "source": "corrected"},
    ],
}


def test_a_retyped_reading_is_an_example_and_nothing_else_is(tmp_path):
    folder = tmp_path / "export"
    (folder / "strokes").mkdir(parents=True)
    (folder / "strokes" / "main.json").write_text(json.dumps(SCREEN))
    (folder / "dataset.json").write_text(json.dumps({"format": "sketchd-dataset", "screens": []}))
    assert load_corrections([str(folder)]) == [([[(10, 10), (20, 30)], [(30, 10), (40, 30)]], "Email")]


def test_a_zip_export_reads_as_its_folder_and_other_files_are_refused(tmp_path):
    archive = tmp_path / "study.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("strokes/main.json", json.dumps(SCREEN))
        z.writestr("classes.txt", "label\n")
    assert [text for _, text in load_corrections([str(archive)])] == ["Email"]
    notes = tmp_path / "notes.txt"
    notes.write_text("hello")
    try:
        load_corrections([str(notes)])
    except ValueError as error:
        assert "neither an export folder nor a zip export" in str(error)
    else:
        raise AssertionError("a file that is no export must be refused")
