"""Marks a 64-bit PE file as a .NET program: its COM descriptor (CLR
header) directory entry is made non-empty, which is all heapcount.exe looks
at. The file cannot run afterwards."""

import struct
import sys

path = sys.argv[1]
data = bytearray(open(path, 'rb').read())
pe = struct.unpack_from('<I', data, 0x3c)[0]
optional = pe + 24
if struct.unpack_from('<H', data, optional)[0] != 0x20b:
    sys.exit(f'{path} is not a 64-bit PE file')
# Data directory 14 (COM descriptor) of a PE32+ optional header; it points
# at the import directory (entry 1), a valid RVA.
directories = optional + 112
imports_rva = struct.unpack_from('<I', data, directories + 8 * 1)[0]
struct.pack_into('<II', data, directories + 8 * 14, imports_rva, 72)
open(path, 'wb').write(data)
