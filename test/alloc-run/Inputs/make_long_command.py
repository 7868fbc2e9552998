"""Writes DIR/main.cpp and DIR/compile_commands.json whose one command holds
a quoted define of LENGTH characters, an escaped space and a single-quoted
define; main.cpp checks each arrived as written.

  make_long_command.py DIR CLANGXX LENGTH
"""
import json
import os
import sys

directory, clangxx, length = sys.argv[1], sys.argv[2], int(sys.argv[3])
with open(os.path.join(directory, 'main.cpp'), 'w') as f:
    f.write('#include <vector>\n'
            f'static_assert(sizeof(LONG_TEXT) == {length} + 1, "long define");\n'
            'static_assert(sizeof(SPACED) == 4, "escaped space");\n'
            'static_assert(sizeof(QUOTED) == 6, "single quotes");\n'
            'std::vector<int> parts(int N) {\n'
            '  std::vector<int> Parts;\n'
            '  for (int I = 0; I < N; ++I)\n'
            '    Parts.push_back(I);\n'
            '  return Parts;\n'
            '}\n')
command = (f'{clangxx} -std=c++17 '
           f'"-DLONG_TEXT=\\"{"x" * length}\\"" '
           '-DSPACED=\\"a\\ b\\" '
           "'-DQUOTED=\"c d e\"' "
           '-c main.cpp -o main.o')
with open(os.path.join(directory, 'compile_commands.json'), 'w') as f:
    json.dump([{'directory': directory, 'file': 'main.cpp',
                'command': command}], f)
