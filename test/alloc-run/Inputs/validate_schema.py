"""Validates a JSON document against a JSON schema.

  validate_schema.py SCHEMA FILE

Prints "schema: ok", or one line per error ("schema: error: PATH: MESSAGE",
PATH the JSON path of the offending value) and exits 1. The validator is
the one for the draft the schema declares in its "$schema"; formats
("uri", "date-time", ...) are checked when jsonschema can check them.
"""
import json
import sys

import jsonschema


def main(schema_path, path):
    with open(schema_path, encoding='utf-8') as f:
        schema = json.load(f)
    with open(path, encoding='utf-8') as f:
        document = json.load(f)
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    validator = validator_class(schema,
                                format_checker=jsonschema.FormatChecker())
    errors = sorted(validator.iter_errors(document),
                    key=lambda e: list(map(str, e.absolute_path)))
    for error in errors:
        print(f'schema: error: {error.json_path}: {error.message}')
        # An anyOf or oneOf says only that no branch matched; the best
        # branch's own error says why.
        if error.context:
            best = jsonschema.exceptions.best_match(error.context)
            print(f'schema:   {best.json_path}: {best.message}')
    if errors:
        return 1
    print('schema: ok')
    return 0


if __name__ == '__main__':
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip())
    sys.exit(main(sys.argv[1], sys.argv[2]))
