"""What makes two diagnostics one finding: a header's finding reported by
several units, or a template's by each instantiation, is reported once."""


def without_template_arguments(text):
    """\p text with every balanced <...> dropped: 'Box<int>' -> 'Box'."""
    out, depth = [], 0
    for char in text:
        if char == '<':
            depth += 1
        elif char == '>' and depth:
            depth -= 1
        elif not depth:
            out.append(char)
    return ''.join(out) if depth == 0 else text


def diagnostic_key(diag):
    """One finding: a check's message at a place. A header's finding
    reported by every unit that includes it, or a template's by each
    instantiation (whose message names its arguments), is one finding; two
    compiler errors at one place are two."""
    message = diag.get('DiagnosticMessage', {})
    return (message.get('FilePath') or '', message.get('FileOffset') or 0,
            diag.get('DiagnosticName'),
            without_template_arguments(message.get('Message') or ''))
