"""The API schema's answers that every operation may give, added to each by drf-spectacular's
postprocessing: a client (or schemathesis) reading the schema knows every status code it can get.

400  the request could not be read (a field error object, or {"detail": ...})
401  no valid credentials (an expired token)
403  not a member of the family, or not an editor for a change
404  no such object among the families the user is a member of
429  too many wrong passwords (django-axes) or requests
503  the database cannot be reached just now (archive/common/errors.py), Retry-After set
"""

ERROR = {
    "type": "object",
    "description": '{"detail": words} or, for a form\'s fields, {field: [words, ...]}',
    "additionalProperties": True,
}
COMMON = {
    "400": "The request could not be read; the body names each field at fault.",
    "401": "No valid credentials: log in, or get a new token at /api/token/.",
    "403": "Not allowed: only members see a family's archive, only editors change it.",
    "404": "Not found among your families.",
    "429": "Too many attempts; wait and try again.",
    "503": "The archive's database cannot be reached just now; try again in a moment.",
}


# An operation that may refuse a well-formed request for what its data says (a wrong password, an unknown code,
# a record that is not a real hand, a deleted hand): extend_schema(extensions=refused_for(words)) marks it, the
# hook below writes the words into its 400, and tests/api/test_fuzz.py counts that 400 as an expected answer.
REFUSED = "x-refused-for-data"


def refused_for(words):
    return {REFUSED: words}


def add_common_answers(result, generator, request, public):
    for item in result.get("paths", {}).values():
        for method, operation in item.items():
            if method not in ("get", "post", "put", "patch", "delete"):
                continue
            responses = operation.setdefault("responses", {})
            documented = responses.get("400", {}).get("content", {}).get("application/json", {}).get("schema")
            if documented is not None and documented is not ERROR:
                # a referee's error document, or a field error where a field could not be read
                responses["400"]["content"]["application/json"]["schema"] = {"anyOf": [documented, ERROR]}
            for code, words in COMMON.items():
                responses.setdefault(code, {"description": words, "content": {"application/json": {"schema": ERROR}}})
            if REFUSED in operation:
                words = operation[REFUSED]
                responses["400"]["description"] = f"{COMMON['400']} Also when the data is refused: {words}."
    return result
