"""Opens FILE in alloc-clangd (lit-test mode: synchronous, delimited
input) and prints the diagnostics it publishes for FILE, one per line:

  LINE:COLUMN: CODE: MESSAGE

  clangd_diagnostics.py ALLOC_CLANGD FILE [CLANGD_ARG...]

Lines and columns are 1-based. Exits 1 when clangd publishes nothing for
FILE (a run that said nothing must not look like a clean one).
"""
import json
import pathlib
import subprocess
import sys

clangd, path, extra = sys.argv[1], sys.argv[2], sys.argv[3:]
uri = pathlib.Path(path).resolve().as_uri()
root = pathlib.Path(path).resolve().parent.as_uri()
with open(path, encoding='utf-8') as f:
    text = f.read()
messages = [
    {'jsonrpc': '2.0', 'id': 0, 'method': 'initialize',
     'params': {'processId': 1, 'rootUri': root, 'capabilities': {},
                'trace': 'off'}},
    {'jsonrpc': '2.0', 'method': 'textDocument/didOpen',
     'params': {'textDocument': {'uri': uri, 'languageId': 'cpp',
                                 'version': 1, 'text': text}}},
    {'jsonrpc': '2.0', 'id': 1, 'method': 'shutdown'},
    {'jsonrpc': '2.0', 'method': 'exit'},
]
transcript = '\n---\n'.join(json.dumps(m) for m in messages) + '\n'
proc = subprocess.run([clangd, '-lit-test', '--enable-config'] + extra,
                      input=transcript, capture_output=True, text=True,
                      check=False)
decoder = json.JSONDecoder()
out, index, published = proc.stdout, 0, False
while True:
    start = out.find('{', index)
    if start < 0:
        break
    try:
        message, index = decoder.raw_decode(out, start)
    except ValueError:
        index = start + 1
        continue
    if message.get('method') != 'textDocument/publishDiagnostics' or \
            message['params']['uri'] != uri:
        continue
    published = True
    for diag in message['params']['diagnostics']:
        start_pos = diag['range']['start']
        print(f"{start_pos['line'] + 1}:{start_pos['character'] + 1}: "
              f"{diag.get('code', '')}: {diag['message']}")
if not published:
    sys.stderr.write(f'clangd published no diagnostics for {path}\n'
                     f'{proc.stderr[-2000:]}')
    sys.exit(1)
