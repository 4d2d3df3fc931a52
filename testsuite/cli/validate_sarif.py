#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Validates a SARIF log against the SARIF 2.1.0 JSON schema."""
import json
import sys

import jsonschema

schema = json.load(open(sys.argv[1]))
log = json.load(open(sys.argv[2]))
validator = jsonschema.Draft7Validator(schema)
errors = sorted(validator.iter_errors(log), key=lambda e: list(e.path))
for e in errors[:10]:
    print("%s: %s" % ("/".join(map(str, e.path)), e.message))
sys.exit(1 if errors else 0)
