#!/usr/bin/env python3
"""Checks a site's datapackage.json against the rules of the Frictionless Tabular Data Package
profile (https://specs.frictionlessdata.io/tabular-data-package/) and reads every CSV file it
describes back with the declared types: each cell cast to its field's type, each constraint
(required, unique, enum, pattern, minimum) held, the header the schema's fields in order.

    check_datapackage.py DATAPACKAGE_JSON     exit 0 when it all holds, 1 naming each problem
"""
import csv
import datetime
import json
import os
import re
import sys

NAME = re.compile(r"^([-a-z0-9._/])+$")
PATH = re.compile(r"^(?=^[^./~])(^((?!\.{2}).)*$).*$")
LICENCE_NAME = re.compile(r"^([-a-zA-Z0-9._])+$")
TYPES = {"string", "number", "integer", "boolean", "object", "array", "date", "time", "datetime",
         "year", "yearmonth", "duration", "geopoint", "geojson", "any"}
CONSTRAINTS = {"required", "unique", "minLength", "maxLength", "minimum", "maximum", "pattern", "enum"}
problems = []


def problem(where, what):
    problems.append(f"{where}: {what}")


def check_descriptor(package):
    for key in ("profile", "resources"):
        if key not in package:
            problem("package", f"no '{key}' (the profile requires it)")
    if package.get("profile") != "tabular-data-package":
        problem("package", "profile is not tabular-data-package")
    if "name" in package and not NAME.match(package["name"]):
        problem("package", f"name '{package['name']}' is not lower-case letters, digits and . _ - /")
    if "created" in package:
        try:
            datetime.datetime.fromisoformat(package["created"].replace("Z", "+00:00"))
        except ValueError:
            problem("package", f"created '{package['created']}' is not an RFC 3339 date-time")
    for licence in package.get("licenses", []):
        if not licence or not set(licence) <= {"name", "path", "title"}:
            problem("package", f"licence {licence} has keys beyond name, path and title")
        if "name" in licence and not LICENCE_NAME.match(licence["name"]):
            problem("package", f"licence name '{licence['name']}' is not an identifier")
    if not package.get("resources"):
        problem("package", "resources is empty")
    for resource in package.get("resources", []):
        where = f"resource {resource.get('name')}"
        for key in ("name", "path", "schema", "profile"):
            if key not in resource:
                problem(where, f"no '{key}'")
        if resource.get("profile") != "tabular-data-resource":
            problem(where, "profile is not tabular-data-resource")
        if not NAME.match(resource.get("name", "")):
            problem(where, "name is not lower-case letters, digits and . _ - /")
        if not PATH.match(resource.get("path", "")):
            problem(where, f"path '{resource.get('path')}' is not a POSIX path inside the package")
        fields = resource.get("schema", {}).get("fields", [])
        if not fields:
            problem(where, "the schema has no fields")
        names = [field.get("name") for field in fields]
        if len(set(names)) != len(names):
            problem(where, "a field name is there twice")
        for field in fields:
            if field.get("type", "string") not in TYPES:
                problem(where, f"field {field.get('name')}: type '{field.get('type')}' is not a Table Schema type")
            unknown = set(field.get("constraints", {})) - CONSTRAINTS
            if unknown:
                problem(where, f"field {field.get('name')}: constraints {sorted(unknown)} are not Table Schema's")
        key = resource.get("schema", {}).get("primaryKey")
        if key is not None and key not in names:
            problem(where, f"primaryKey '{key}' is not a field")


def cast(value, field):
    kind = field.get("type", "string")
    if kind == "integer":
        if not re.fullmatch(r"[-+]?[0-9]+", value):
            raise ValueError("not an integer")
        return int(value)
    if kind == "number":
        if not re.fullmatch(r"[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?", value):
            raise ValueError("not a number")
        return float(value)
    if kind == "date":
        return datetime.date.fromisoformat(value)
    return value


def read_back(folder, resource):
    where = resource["path"]
    fields = resource["schema"]["fields"]
    missing = set(resource["schema"].get("missingValues", [""]))
    seen = {field["name"]: set() for field in fields if field.get("constraints", {}).get("unique")}
    rows = 0
    with open(os.path.join(folder, resource["path"]), newline="", encoding="utf-8") as file:
        reader = csv.reader(file)
        header = next(reader, None)
        if header != [field["name"] for field in fields]:
            problem(where, "the header is not the schema's fields in order")
            return 0
        for line, cells in enumerate(reader, start=2):
            rows += 1
            if len(cells) != len(fields):
                problem(f"{where}:{line}", f"{len(cells)} cells for {len(fields)} fields")
                continue
            for cell, field in zip(cells, fields):
                constraints = field.get("constraints", {})
                at = f"{where}:{line}: {field['name']}"
                if cell in missing:
                    if constraints.get("required"):
                        problem(at, "required, and missing")
                    continue
                try:
                    value = cast(cell, field)
                except ValueError as error:
                    problem(at, f"'{cell}' is {error} ({field.get('type')})")
                    continue
                if "enum" in constraints and value not in constraints["enum"]:
                    problem(at, f"'{cell}' is not one of {constraints['enum']}")
                if "pattern" in constraints and not re.fullmatch(constraints["pattern"], cell):
                    problem(at, f"'{cell}' does not match {constraints['pattern']}")
                if "minimum" in constraints and value < constraints["minimum"]:
                    problem(at, f"{cell} is below {constraints['minimum']}")
                if field["name"] in seen:
                    if value in seen[field["name"]]:
                        problem(at, f"'{cell}' is there twice, and must be unique")
                    seen[field["name"]].add(value)
    return rows


def main():
    path = sys.argv[1]
    with open(path, encoding="utf-8") as file:
        package = json.load(file)
    check_descriptor(package)
    if not problems:
        for resource in package["resources"]:
            rows = read_back(os.path.dirname(path), resource)
            print(f"{resource['path']}: {rows} rows read back with their declared types")
    for line in problems[:50]:
        print(line)
    if problems:
        print(f"{len(problems)} problems")
        sys.exit(1)


main()
