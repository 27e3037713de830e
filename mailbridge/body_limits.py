"""How much an ESP webhook may post, read without ever reading more than that.

Django's own cap (DATA_UPLOAD_MAX_MEMORY_SIZE, 2.5 MB) answers 400 to a member's
9.5 MB mail wrapped in an ESP's JSON or form, and it is one global setting. So the
webhook door reads the body itself, bounded by AIMP_MAX_WEBHOOK_BYTES, hands Django
the bytes already read, and parses multipart forms from them (Mailgun's `body-mime`
and SendGrid's `email` fields hold the whole message); every other path keeps
Django's 2.5 MB.
"""

import os
from email.message import EmailMessage
from email.parser import BytesParser
from email.policy import HTTP
from io import BytesIO

from django.conf import settings
from django.core.exceptions import TooManyFieldsSent, TooManyFilesSent
from django.core.files.uploadedfile import InMemoryUploadedFile
from django.core.files.uploadhandler import FileUploadHandler
from django.http import HttpRequest, QueryDict
from django.http.multipartparser import MultiPartParserError
from django.utils.datastructures import MultiValueDict

CHUNK = 64 * 1024


class BodyRefused(Exception):
    """The body cannot be taken: `status` and a short plain-text `reason` for the sender."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


def webhook_body_limit() -> int:
    """Return the largest webhook body accepted, in bytes."""
    return settings.AIMP_MAX_WEBHOOK_BYTES


def _declared_length(request: HttpRequest) -> int | None:
    declared = request.META.get("CONTENT_LENGTH")
    if declared in (None, ""):
        return None
    try:
        length = int(declared)
    except ValueError:
        raise BodyRefused(400, "Invalid Content-Length.") from None
    if length < 0:
        raise BodyRefused(400, "Invalid Content-Length.")
    return length


def _read_at_most(stream, cap: int) -> bytes:
    """Read until EOF or `cap` bytes, whichever comes first, CHUNK bytes at a time."""
    parts: list[bytes] = []
    taken = 0
    while taken < cap:
        try:
            chunk = stream.read(min(CHUNK, cap - taken))
        except OSError as exc:  # the client went away, or broken chunk framing (gunicorn)
            raise BodyRefused(400, "The request body could not be read.") from exc
        if not chunk:
            break
        parts.append(chunk)
        taken += len(chunk)
    return b"".join(parts)


def _too_large(limit: int) -> BodyRefused:
    return BodyRefused(413, f"Request body larger than {limit} bytes.")


def body_take(request: HttpRequest, *, limit: int) -> bytes:
    """Read the whole body (at most `limit` bytes) and make Django use these bytes.

    Content-Length over the limit: refused before reading (413). Without one
    (chunked), the body is read only where the server framed it for us: WSGI
    servers that de-chunk set `wsgi.input_terminated` (PEP 3333 note; gunicorn
    does), ASGI servers hand over a spooled file. Django's development server
    does neither and would show an empty body: that answers 411 (RFC 9110 15.5.12).
    """
    length = _declared_length(request)
    if length is not None:
        if length > limit:
            raise _too_large(limit)
        stream = request  # Django's LimitedStream: never past Content-Length
    elif "chunked" in request.META.get("HTTP_TRANSFER_ENCODING", "").lower():
        stream = _chunked_stream(request)
    else:
        stream = None
    body = _read_at_most(stream, limit + 1) if stream is not None else b""
    if len(body) > limit:
        raise _too_large(limit)
    # Cached as Django's own body: request.body and request.POST read these bytes
    # (and Django's size check, made once on first reading, is not made again).
    request._body = body
    request._stream = BytesIO(body)
    request.META["CONTENT_LENGTH"] = str(len(body))
    if request.content_type.startswith("multipart/"):
        request.upload_handlers = [FormFromBody(request, body)]
    return body


def _chunked_stream(request: HttpRequest):
    own = getattr(request, "_stream", None)
    if own is not None and getattr(own, "seekable", lambda: False)():
        return request  # ASGI: the server already holds the whole body in a file
    if request.META.get("wsgi.input_terminated"):
        return request.META["wsgi.input"]
    raise BodyRefused(411, "Length Required: send Content-Length (chunked bodies are not read).")


class FormFromBody(FileUploadHandler):
    """Parse a multipart form from bytes already read, bounded by the webhook limit.

    Django's parser refuses form fields over DATA_UPLOAD_MAX_MEMORY_SIZE in total,
    and a raw message is a field: `handle_raw_input` (the documented hook that
    replaces Django's parsing) parses with the standard library instead, as
    anymail itself does for SendGrid's charsets.
    """

    def __init__(self, request: HttpRequest, body: bytes) -> None:
        super().__init__(request)
        self.body = body

    def handle_raw_input(self, input_data, META, content_length, boundary, encoding=None):  # noqa: N803
        """Return (POST, FILES) parsed from the stored body."""
        return form_parse(self.body, META["CONTENT_TYPE"], encoding or settings.DEFAULT_CHARSET)

    def receive_data_chunk(self, raw_data, start):
        """Never called: handle_raw_input has parsed everything."""
        return raw_data

    def file_complete(self, file_size):
        """Never called: handle_raw_input has parsed everything."""
        return None


def _text(value: str, encoding: str) -> str:
    # Header values parsed from bytes keep undecodable bytes as surrogates.
    return value.encode("ascii", "surrogateescape").decode(encoding, "replace")


def form_parse(body: bytes, content_type: str, encoding: str) -> tuple[QueryDict, MultiValueDict]:
    """Parse a multipart/form-data body into Django's (POST, FILES), with Django's count limits."""
    # Django checked the Content-Type (ASCII, a valid boundary) before calling the hook.
    head = b"Content-Type: " + content_type.encode("ascii") + b"\r\n\r\n"
    form = BytesParser(policy=HTTP).parsebytes(head + body)
    if not isinstance(form, EmailMessage) or not form.is_multipart():
        raise MultiPartParserError("The multipart form has no parts.")
    post = QueryDict(mutable=True, encoding=encoding)
    files = MultiValueDict()
    max_fields = settings.DATA_UPLOAD_MAX_NUMBER_FIELDS
    max_files = settings.DATA_UPLOAD_MAX_NUMBER_FILES
    fields = uploads = 0
    for part in form.iter_parts():
        name = part.get_param("name", header="content-disposition")
        if not isinstance(name, str) or not name or part.is_multipart():
            continue
        name = _text(name, encoding)
        data = part.get_payload(decode=True) or b""
        filename = part.get_filename()
        if filename is None:
            fields += 1
            if max_fields is not None and fields > max_fields:
                raise TooManyFieldsSent("More form fields than DATA_UPLOAD_MAX_NUMBER_FIELDS.")
            post.appendlist(name, data.decode(encoding, "replace"))
            continue
        # Django's sanitising: the last path component; a part without a name is dropped.
        filename = os.path.basename(_text(filename, encoding).replace("\\", "/")).strip()
        if not filename:
            continue
        uploads += 1
        if max_files is not None and uploads > max_files:
            raise TooManyFilesSent("More files than DATA_UPLOAD_MAX_NUMBER_FILES.")
        upload = InMemoryUploadedFile(
            BytesIO(data),
            name,
            filename,
            part.get_content_type(),
            len(data),
            part.get_content_charset(),
        )
        files.appendlist(name, upload)
    post._mutable = False
    return post, files
