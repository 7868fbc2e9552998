"""Byte offsets, as clang-tidy's diagnostics give places, to the lines and
columns that SARIF and the text report show."""


class Positions:
    """Byte offsets to 1-based lines and columns (in code points)."""

    def __init__(self):
        self.files = {}

    def position(self, path, offset):
        if path not in self.files:
            try:
                with open(path, 'rb') as f:
                    self.files[path] = f.read()
            except OSError:
                self.files[path] = None
        data = self.files[path]
        if data is None:
            return None
        offset = max(0, min(offset, len(data)))
        line = data.count(b'\n', 0, offset) + 1
        start = data.rfind(b'\n', 0, offset) + 1
        column = len(data[start:offset].decode('utf-8', 'replace')) + 1
        return line, column
