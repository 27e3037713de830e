"""A hub's own mail servers: TLS is verified, as a mail client would verify it."""

import datetime
import socket
import ssl
import threading

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from mailbridge.tenant_sockets import open_tenant_mailbox


def _self_signed(tmp_path) -> ssl.SSLContext:
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "imap.attacker.example")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=1))
        .sign(key, hashes.SHA256())
    )
    (tmp_path / "cert.pem").write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    (tmp_path / "key.pem").write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(tmp_path / "cert.pem", tmp_path / "key.pem")
    return context


@pytest.fixture
def impostor(tmp_path):
    """An IMAPS server on 127.0.0.1 with a certificate nobody vouches for."""
    context = _self_signed(tmp_path)
    server = socket.create_server(("127.0.0.1", 0))
    port = server.getsockname()[1]

    def serve() -> None:
        try:
            conn, _ = server.accept()
            with context.wrap_socket(conn, server_side=True) as tls:
                tls.sendall(b"* OK IMAP4rev1 ready\r\n")
                tls.recv(1024)
        except (OSError, ssl.SSLError):
            pass  # the client hung up during the handshake: what the test wants

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield port
    server.close()
    thread.join(timeout=5)


def test_an_imap_server_with_an_unverifiable_certificate_is_refused(impostor, settings):
    settings.AIMP_ALLOW_PRIVATE_HOSTS = True  # the impostor listens on loopback
    with pytest.raises(ssl.SSLCertVerificationError):
        open_tenant_mailbox("ssl", "127.0.0.1", impostor, timeout=5)
