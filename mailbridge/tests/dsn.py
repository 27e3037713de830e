"""Delivery status notifications (RFC 3464) as mail servers write them, for tests."""


def dsn(
    *,
    to: str,
    original_message_id: str,
    failed_recipient: str,
    action: str = "failed",
    status: str = "5.1.1",
    headers_only: bool = False,
    from_: str = "MAILER-DAEMON@mx.example.net (Mail Delivery System)",
) -> bytes:
    """Return a multipart/report bounce about `original_message_id`."""
    if headers_only:
        original = (
            "--BOUNDARY\r\nContent-Type: text/rfc822-headers\r\n\r\n"
            f"From: Hub <hub@x>\r\nTo: {failed_recipient}\r\nSubject: Invitation\r\n"
            f"Message-ID: {original_message_id}\r\n"
        )
    else:
        original = (
            "--BOUNDARY\r\nContent-Type: message/rfc822\r\n\r\n"
            f"From: Hub <hub@x>\r\nTo: {failed_recipient}\r\nSubject: Invitation\r\n"
            f"Message-ID: {original_message_id}\r\n\r\nHello\r\n"
        )
    return (
        f"From: {from_}\r\n"
        f"To: {to}\r\n"
        "Subject: Undelivered Mail Returned to Sender\r\n"
        "Auto-Submitted: auto-replied\r\n"
        "Message-ID: <bounce-" + original_message_id.strip("<>") + ">\r\n"
        "MIME-Version: 1.0\r\n"
        'Content-Type: multipart/report; report-type=delivery-status; boundary="BOUNDARY"\r\n'
        "\r\n"
        "--BOUNDARY\r\nContent-Type: text/plain\r\n\r\n"
        "I'm sorry to have to inform you that your message could not be delivered.\r\n"
        "--BOUNDARY\r\nContent-Type: message/delivery-status\r\n\r\n"
        "Reporting-MTA: dns; mx.example.net\r\n"
        "Arrival-Date: Mon, 1 Sep 2025 10:00:00 +0000\r\n"
        "\r\n"
        f"Final-Recipient: rfc822; {failed_recipient}\r\n"
        f"Original-Recipient: rfc822;{failed_recipient}\r\n"
        f"Action: {action}\r\n"
        f"Status: {status}\r\n"
        "Diagnostic-Code: smtp; 550 5.1.1 User unknown\r\n"
        "\r\n"
        f"{original}"
        "--BOUNDARY--\r\n"
    ).encode()
