"""shadersort from Python: GPU pixel-sorting of pictures and GPU sorting of arrays.

    import shadersort, numpy as np
    from PIL import Image
    out = shadersort.pixel_sort(Image.open("photo.png"), path="angle:30", spans="threshold",
                                lower=0.25, upper=0.8, key="lightness")
    out.save("sorted.png")                      # a PIL image in, a PIL image out
    keys = shadersort.sort(np.random.rand(1 << 20).astype(np.float32))

The module makes its own headless OpenGL 4.3 context (EGL) on first use, on the calling thread;
call it from that thread afterwards. Bad arguments raise ValueError with one line; a machine
without OpenGL 4.3 raises RuntimeError. docs/PYTHON.md has the whole story.
"""

import numpy as _np

from . import _shadersort

__all__ = ["pixel_sort", "sort", "pixelsort", "renderer", "SETTINGS"]

# pixel_sort's settings: `shadersort run`'s art options, with - as _ (README: Pixel-sort art).
SETTINGS = (
    "path", "axis", "spans", "key", "span_key", "descending", "lower", "upper", "invert",
    "span_length", "max_span", "skip", "seed", "sort_transparent", "then", "start_angle",
    "degrees_sorted", "inner_radius", "ray_length", "thickness", "vary_start", "preset",
    "preset_toml", "mask", "intervals", "key_image", "seconds",
)
_IMAGES = ("mask", "intervals", "key_image")


def _is_pil(image):
    return hasattr(image, "mode") and hasattr(image, "size") and hasattr(image, "convert")


def _rgba(image, what):
    """An H x W x 4 uint8 C-contiguous array of `image`, and the channels it came with (3 or 4)."""
    if _is_pil(image):
        channels = 4 if image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info else 3
        return _np.ascontiguousarray(_np.asarray(image.convert("RGBA"))), channels
    array = _np.asarray(image)
    if array.dtype != _np.uint8:
        raise ValueError(f"shadersort: {what} must be uint8, got {array.dtype}")
    if array.ndim == 2:  # grey
        array = _np.repeat(array[:, :, None], 3, axis=2)
    if array.ndim != 3 or array.shape[2] not in (3, 4):
        raise ValueError(f"shadersort: {what} must be H x W x 3 or H x W x 4, got shape {array.shape}")
    if array.shape[0] == 0 or array.shape[1] == 0:
        raise ValueError(f"shadersort: {what} is empty (shape {array.shape})")
    channels = array.shape[2]
    if channels == 3:
        array = _np.concatenate([array, _np.full(array.shape[:2] + (1,), 255, _np.uint8)], axis=2)
    return _np.ascontiguousarray(array), channels


def pixel_sort(image, **settings):
    """`image` (H x W x 3 or H x W x 4 uint8 array, or a PIL image) pixel-sorted on the GPU.

    The settings are `shadersort run`'s art options by name, - written _: path, spans, key,
    span_key, lower, upper, invert, span_length, max_span, skip, seed, then, preset, ... (see
    SETTINGS). mask, intervals and key_image take a file name or a picture (array or PIL image)
    of the same size; preset_toml takes a preset's TOML text; seconds the time a preset's
    keyframes are taken at (0: what run --out does). The result equals
    `shadersort run IMAGE --out OUT` with the same options, byte for byte.

    Returns a new array of the input's shape (a PIL image for a PIL image).
    """
    for name in settings:
        if name not in SETTINGS:
            raise ValueError(f"shadersort: unknown setting {name!r} (known: {', '.join(SETTINGS)})")
    picture, channels = _rgba(image, "the picture")
    plain, images = {}, {}
    for name, value in settings.items():
        if value is None:
            continue
        if name in _IMAGES:
            if isinstance(value, (str, bytes)) or hasattr(value, "__fspath__"):
                import os
                plain[name + "_file"] = os.fsdecode(value)
            else:
                images[name] = _rgba(value, name)[0]
        else:
            plain[name] = value
    result = _shadersort.pixel_sort(picture, plain, images)
    if channels == 3:
        result = _np.ascontiguousarray(result[:, :, :3])
    if _is_pil(image):
        from PIL import Image
        return Image.fromarray(result, "RGBA" if channels == 4 else "RGB")
    return result


def sort(keys, values=None, descending=False):
    """keys (a 1-D uint32, int32 or float32 array) sorted on the GPU, as a new array.

    The order is numpy.sort's, stably: NaN after +inf, -0.0 and 0.0 equal (kept in input order).
    With values (a 1-D 32-bit array of the same length), returns (keys, values), the values
    moved with their keys, equal keys in input order (numpy's argsort(kind="stable")).
    descending: the reverse order, equal keys still in input order.
    """
    if not isinstance(descending, (bool, _np.bool_)):
        raise ValueError(f"shadersort: descending must be True or False, got {descending!r}")
    keys = _np.asarray(keys)
    if values is not None:
        values = _np.asarray(values)
    return _shadersort.sort(keys, values, bool(descending))


def renderer():
    """The OpenGL renderer the module runs on (makes its context when it has none)."""
    return _shadersort.renderer()


# satyarth/pixelsort's names: interval_function -> spans, sorting_function -> key.
_PIXELSORT_INTERVALS = {
    "threshold": "threshold", "edges": "edges", "random": "random", "waves": "waves",
    "file": "file", "file-edges": "intervals", "none": "none",
}
# pixelsort's lightness is colorsys's HSV value, max(R, G, B) / 255: our `value` key (our
# `lightness` is HSL's). The others order pixels as ours of the same name do.
_PIXELSORT_KEYS = {"lightness": "value", "hue": "hue", "saturation": "saturation",
                   "intensity": "intensity", "minimum": "minimum"}


def pixelsort(image, mask_image=None, interval_image=None, randomness=0, char_length=50,
              sorting_function="lightness", interval_function="threshold",
              lower_threshold=0.25, upper_threshold=0.8, angle=0):
    """satyarth/pixelsort's pixelsort(), same keywords and defaults, on the GPU.

    A script switches by changing its import. Differences (docs/PYTHON.md): angles follow digital
    lines through the picture instead of rotating it, so no pixel is lost or resampled at any
    angle; random and waves spans are drawn from a seed (the same every run); the threshold
    cuts by HSV value (pixelsort's "lightness") with both bounds inclusive; file intervals merge
    black runs on every row (pixelsort skips the first two). Returns a PIL image, as pixelsort
    does, for a PIL image; an array for an array.
    """
    if interval_function not in _PIXELSORT_INTERVALS:
        raise ValueError(f"shadersort: unknown interval_function {interval_function!r} "
                         f"(known: {', '.join(_PIXELSORT_INTERVALS)})")
    if not isinstance(sorting_function, str) or sorting_function not in _PIXELSORT_KEYS:
        raise ValueError(f"shadersort: unknown sorting_function {sorting_function!r} "
                         f"(known: {', '.join(_PIXELSORT_KEYS)}; pixelsort's own functions are not taken)")
    spans = _PIXELSORT_INTERVALS[interval_function]
    # pixelsort turns the picture counter-clockwise by `angle` and sorts its rows: lines that run
    # `angle` degrees clockwise on the screen, our angle path.
    settings = {"path": f"angle:{float(angle) % 360:g}", "spans": spans, "key": _PIXELSORT_KEYS[sorting_function]}
    if spans == "threshold":
        # pixelsort's threshold always cuts by its lightness, whatever sorts.
        settings.update(lower=lower_threshold, upper=upper_threshold, span_key="value")
    elif spans in ("edges", "intervals"):
        settings["lower"] = lower_threshold
    elif spans in ("random", "waves"):
        settings["span_length"] = int(char_length)
    if spans in ("file", "intervals"):
        if interval_image is None:
            raise ValueError(f"shadersort: interval_function {interval_function!r} needs interval_image")
        settings["intervals"] = interval_image
    if mask_image is not None:
        settings["mask"] = mask_image
    if randomness:
        settings["skip"] = float(randomness)
    return pixel_sort(image, **settings)
