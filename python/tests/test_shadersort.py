"""The Python module's acceptance tests (docs/PYTHON.md), one ctest test per class.

Run from the build tree: PYTHONPATH=build/python python3 -m unittest -v test_shadersort
(in python/tests), with SHADERSORT_BINARY naming the built shadersort for the run --out check.
"""

import os
import subprocess
import sys
import tempfile
import unittest

import numpy as np
from PIL import Image

import shadersort

SOURCE = os.environ.get("SHADERSORT_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
BINARY = os.environ.get("SHADERSORT_BINARY", os.path.join(SOURCE, "build", "shadersort"))
PHOTO = os.path.join(SOURCE, "assets", "astronaut.png")


def run_out(image_path, options):
    """`shadersort run IMAGE OPTIONS --out OUT.png`, read back as an RGBA array."""
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "out.png")
        subprocess.run([BINARY, "run", image_path, *options, "--out", out], check=True, capture_output=True)
        return np.asarray(Image.open(out).convert("RGBA"))


class PixelSortEqualsRun(unittest.TestCase):
    def test_a_photograph_equals_run_out_byte_for_byte(self):
        photo = np.asarray(Image.open(PHOTO).convert("RGBA"))
        cases = [
            ({"path": "angle:30", "spans": "threshold", "lower": 0.25, "upper": 0.8, "key": "lightness"},
             ["--path", "angle:30", "--spans", "threshold", "--lower", "0.25", "--upper", "0.8", "--key", "lightness"]),
            ({"preset": "melt", "max_span": 40}, ["--preset", "melt", "--max-span", "40"]),
            ({"path": "spokes", "spans": "random", "span_length": 40, "seed": 3, "skip": 30},
             ["--path", "spokes", "--spans", "random", "--span-length", "40", "--seed", "3", "--skip", "30"]),
            ({"path": "rows", "spans": "threshold", "lower": 0.2, "upper": 0.9, "key": "lightness",
              "mask": os.path.join(SOURCE, "assets", "art", "rings.png")},
             ["--path", "rows", "--spans", "threshold", "--lower", "0.2", "--upper", "0.9", "--key", "lightness",
              "--mask", os.path.join(SOURCE, "assets", "art", "rings.png")]),
        ]
        for settings, options in cases:
            with self.subTest(options=" ".join(options)):
                ours = shadersort.pixel_sort(photo, **settings)
                theirs = run_out(PHOTO, options)
                self.assertEqual(ours.shape, theirs.shape)
                self.assertTrue(np.array_equal(ours, theirs), "pixel_sort differs from run --out")
                self.assertFalse(np.array_equal(ours, photo), "nothing was sorted")

    def test_a_mask_as_an_array_equals_the_mask_file(self):
        photo = np.asarray(Image.open(PHOTO).convert("RGB"))
        mask_file = os.path.join(SOURCE, "assets", "art", "rings.png")
        from_file = shadersort.pixel_sort(photo, path="rows", spans="mask", mask=mask_file)
        from_array = shadersort.pixel_sort(photo, path="rows", spans="mask", mask=np.asarray(Image.open(mask_file)))
        self.assertTrue(np.array_equal(from_file, from_array))


class PixelSortShapes(unittest.TestCase):
    def test_rgb_rgba_and_pil_come_back_as_they_went_in(self):
        photo = Image.open(PHOTO).convert("RGB")
        rgb = np.asarray(photo)
        out_rgb = shadersort.pixel_sort(rgb, spans="threshold")
        self.assertEqual(out_rgb.shape, rgb.shape)
        self.assertEqual(out_rgb.dtype, np.uint8)
        rgba = np.asarray(photo.convert("RGBA"))
        out_rgba = shadersort.pixel_sort(rgba, spans="threshold")
        self.assertEqual(out_rgba.shape, rgba.shape)
        self.assertTrue(np.array_equal(out_rgba[:, :, :3], out_rgb))
        out_pil = shadersort.pixel_sort(photo, spans="threshold")
        self.assertIsInstance(out_pil, Image.Image)
        self.assertEqual(out_pil.mode, "RGB")
        self.assertTrue(np.array_equal(np.asarray(out_pil), out_rgb))
        # A view with strides (every other column) is copied, not misread.
        strided = rgb[:, ::2]
        self.assertTrue(np.array_equal(shadersort.pixel_sort(strided, spans="threshold"),
                                       shadersort.pixel_sort(np.ascontiguousarray(strided), spans="threshold")))
        self.assertIsNot(out_rgb, rgb)


class SortEqualsNumpy(unittest.TestCase):
    def test_keys_sort_as_numpy_sort(self):
        rng = np.random.default_rng(7)
        special = np.array([np.nan, -0.0, 0.0, np.inf, -np.inf, -np.nan, 1.5, -1.5], np.float32)
        cases = {
            "u32": rng.integers(0, 2**32, 100_003, dtype=np.uint64).astype(np.uint32),
            "i32": rng.integers(-2**31, 2**31, 100_003, dtype=np.int64).astype(np.int32),
            "f32": np.concatenate([rng.standard_normal(50_000).astype(np.float32), np.repeat(special, 100)]),
        }
        for name, keys in cases.items():
            with self.subTest(dtype=name):
                ours = shadersort.sort(keys)
                self.assertEqual(ours.dtype, keys.dtype)
                expected = np.sort(keys, kind="stable")
                # Bit for bit: the stable order keeps -0.0 and 0.0 where numpy keeps them.
                self.assertTrue(np.array_equal(ours.view(np.uint32), expected.view(np.uint32)))
                # Descending: numpy's order reversed (NaN first), equal keys still in input order.
                descending = shadersort.sort(keys, descending=True)
                order = len(keys) - 1 - np.argsort(keys[::-1], kind="stable")[::-1]
                self.assertTrue(np.array_equal(descending.view(np.uint32), keys[order].view(np.uint32)))
        self.assertEqual(len(shadersort.sort(np.array([], np.uint32))), 0)


class SortPairsStable(unittest.TestCase):
    def test_values_follow_their_keys_stably(self):
        rng = np.random.default_rng(11)
        special = np.array([np.nan, -0.0, 0.0, np.inf, -np.inf], np.float32)
        for keys in (rng.integers(0, 50, 30_001).astype(np.uint32),
                     rng.integers(-50, 50, 30_001).astype(np.int32),
                     np.concatenate([rng.integers(-5, 5, 30_000).astype(np.float32), np.repeat(special, 20)])):
            with self.subTest(dtype=str(keys.dtype)):
                values = np.arange(len(keys), dtype=np.uint32)
                sorted_keys, sorted_values = shadersort.sort(keys, values)
                order = np.argsort(keys, kind="stable")
                self.assertTrue(np.array_equal(sorted_values, values[order]))
                self.assertTrue(np.array_equal(sorted_keys.view(np.uint32), keys[order].view(np.uint32)))
                # Descending: numpy's order reversed, equal keys still in input order.
                _, down = shadersort.sort(keys, values, descending=True)
                reversed_order = len(keys) - 1 - np.argsort(keys[::-1], kind="stable")[::-1]
                self.assertTrue(np.array_equal(down, values[reversed_order]))


class PixelsortKeywords(unittest.TestCase):
    def test_pixelsorts_keywords_run(self):
        photo = Image.open(PHOTO)
        mask = Image.open(os.path.join(SOURCE, "assets", "art", "rings.png"))
        calls = [
            {},
            {"interval_function": "random", "char_length": 30, "randomness": 20, "sorting_function": "hue"},
            {"interval_function": "edges", "lower_threshold": 0.3, "angle": 45},
            {"interval_function": "waves", "char_length": 20, "sorting_function": "intensity"},
            {"interval_function": "file", "interval_image": photo, "sorting_function": "minimum"},
            {"interval_function": "file-edges", "interval_image": photo},
            {"interval_function": "none", "mask_image": mask, "sorting_function": "saturation"},
            {"lower_threshold": 0.1, "upper_threshold": 0.9, "angle": 90},
        ]
        for keywords in calls:
            with self.subTest(**{k: str(v)[:20] for k, v in keywords.items()}):
                out = shadersort.pixelsort(photo, **keywords)
                self.assertIsInstance(out, Image.Image)
                self.assertEqual(out.size, photo.size)
        # angle 0 with the defaults is our rows, threshold 0.25 to 0.8 on HSV value.
        self.assertTrue(np.array_equal(
            np.asarray(shadersort.pixelsort(photo)),
            np.asarray(shadersort.pixel_sort(photo, path="angle:0", spans="threshold", key="value", span_key="value",
                                             lower=0.25, upper=0.8))))


class BadArguments(unittest.TestCase):
    def assertOneLineValueError(self, call, words):
        with self.assertRaises(ValueError) as caught:
            call()
        message = str(caught.exception)
        self.assertNotIn("\n", message)
        self.assertIn(words, message)

    def test_each_bad_argument_is_a_value_error_of_one_line(self):
        photo = np.zeros((16, 16, 3), np.uint8)
        self.assertOneLineValueError(lambda: shadersort.pixel_sort(photo, spans="sideways"), "sideways")
        self.assertOneLineValueError(lambda: shadersort.pixel_sort(photo, spans="threshold", lower=2), "lower wants a number from 0 to 1")
        self.assertOneLineValueError(lambda: shadersort.pixel_sort(photo, upper=0.5), "upper needs spans threshold")
        self.assertOneLineValueError(lambda: shadersort.pixel_sort(photo, colour="red"), "unknown setting 'colour'")
        self.assertOneLineValueError(lambda: shadersort.pixel_sort(photo, span_length=-3, spans="random"), "span_length")
        self.assertOneLineValueError(lambda: shadersort.pixel_sort(photo, lower="low", spans="threshold"), "lower")
        self.assertOneLineValueError(lambda: shadersort.pixel_sort(photo, spans="mask", mask=np.zeros((4, 4, 3), np.uint8)),
                                     "size")
        self.assertOneLineValueError(lambda: shadersort.pixel_sort(np.zeros((4, 4, 3), np.float32)), "uint8")
        self.assertOneLineValueError(lambda: shadersort.pixel_sort(np.zeros((4, 4, 2), np.uint8)), "H x W x 3")
        self.assertOneLineValueError(lambda: shadersort.pixel_sort(photo, preset="no-such"), "unknown preset")
        self.assertOneLineValueError(lambda: shadersort.sort(np.zeros(4, np.float64)), "float32")
        self.assertOneLineValueError(lambda: shadersort.sort(np.zeros((2, 2), np.uint32)), "1-D")
        self.assertOneLineValueError(lambda: shadersort.sort(np.zeros(4, np.uint32), np.zeros(3, np.uint32)), "match")
        self.assertOneLineValueError(lambda: shadersort.pixelsort(Image.new("RGB", (8, 8)), interval_function="x"),
                                     "interval_function")


class NoOpenGl43(unittest.TestCase):
    def test_a_machine_without_gl_43_raises_runtime_error(self):
        # Mesa reports OpenGL 3.3 under this override, so no 4.3 core context can be made.
        script = ("import numpy as np, shadersort\n"
                  "for call in (lambda: shadersort.sort(np.arange(8, dtype=np.uint32)),\n"
                  "             lambda: shadersort.pixel_sort(np.zeros((4, 4, 3), np.uint8))):\n"
                  "    try:\n"
                  "        call()\n"
                  "    except RuntimeError as error:\n"
                  "        print('RuntimeError:', error)\n")
        env = dict(os.environ, MESA_GL_VERSION_OVERRIDE="3.3")
        result = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True)
        self.assertEqual(result.returncode, 0, result.stderr)
        lines = result.stdout.splitlines()
        self.assertEqual(len(lines), 2, result.stdout + result.stderr)
        for line in lines:
            self.assertIn("4.3", line)


if __name__ == "__main__":
    unittest.main()
