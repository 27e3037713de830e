"""A throw-away Dovecot IMAP server for tests (Debian package dovecot-imapd)."""

import imaplib
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

DOVECOT = shutil.which("dovecot") or "/usr/sbin/dovecot"


def dovecot_available() -> bool:
    """True when dovecot is installed and we may start it (it needs root to switch users)."""
    return os.path.exists(DOVECOT) and os.geteuid() == 0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Dovecot:
    """Start dovecot on a free port with one PLAIN-password user and maildir storage."""

    def __init__(self, user: str = "hubuser", password: str = "secret") -> None:
        self.user, self.password = user, password
        self.port = _free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="aimp-dovecot-"))

    def start(self) -> "Dovecot":
        d = self.dir
        d.chmod(0o755)  # dovecot's auth and mail processes run as other users
        for sub in ("run", "state", "mail"):
            (d / sub).mkdir()
        pw = pwd.getpwnam("dovecot")
        os.chown(d / "mail", pw.pw_uid, pw.pw_gid)
        (d / "users").write_text(f"{self.user}:{{PLAIN}}{self.password}\n")
        (d / "dovecot.conf").write_text(
            f"""
base_dir = {d}/run
state_dir = {d}/state
instance_name = aimp-test-{self.port}
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
log_path = {d}/dovecot.log
mail_location = maildir:{d}/mail/%u
default_login_user = dovenull
default_internal_user = dovecot
mail_uid = {pw.pw_uid}
mail_gid = {pw.pw_gid}
first_valid_uid = 1
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {d}/users
}}
userdb {{
  driver = static
  args = uid={pw.pw_uid} gid={pw.pw_gid} home={d}/mail/%u
}}
service imap-login {{
  chroot =
  inet_listener imap {{
    address = 127.0.0.1
    port = {self.port}
  }}
  inet_listener imaps {{
    port = 0
  }}
}}
service anvil {{
  chroot =
}}
"""
        )
        subprocess.run([DOVECOT, "-c", str(d / "dovecot.conf")], check=True)
        for _ in range(100):
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("dovecot did not start: " + (d / "dovecot.log").read_text())

    def stop(self) -> None:
        pid_file = self.dir / "run" / "master.pid"
        if pid_file.exists():
            subprocess.run(
                [DOVECOT, "-c", str(self.dir / "dovecot.conf"), "stop"], check=False, timeout=10
            )
        shutil.rmtree(self.dir, ignore_errors=True)

    def client(self) -> imaplib.IMAP4:
        """Return a logged-in imaplib client (the test's side: delivering and inspecting)."""
        client = imaplib.IMAP4("127.0.0.1", self.port)
        client.login(self.user, self.password)
        return client

    def append(self, raw: bytes, folder: str = "INBOX") -> None:
        """Deliver one message into a folder, unseen."""
        with self.client() as c:
            c.append(folder, None, None, raw)

    def seen_flags(self, folder: str = "INBOX") -> dict[int, bool]:
        """Return {uid: seen} for every message of a folder."""
        with self.client() as c:
            c.select(folder, readonly=True)
            typ, data = c.uid("FETCH", "1:*", "(UID FLAGS)")
            out = {}
            for item in data or []:
                if not item:
                    continue
                text = item.decode() if isinstance(item, bytes) else item[0].decode()
                uid = int(text.split("UID ")[1].split()[0].rstrip(")"))
                out[uid] = "\\Seen" in text
            return out
