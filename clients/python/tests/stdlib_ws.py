"""A minimal WebSocket client (RFC 6455, text frames, no extensions) on asyncio, for tests only.

The OpenEnv client's end-to-end test uses it where `websockets` is not installed, through
`OpenEnvClient(connect=StdlibSocket.open)`; it is not part of the package.
"""

import asyncio
import base64
import hashlib
import os
import struct
from urllib.parse import urlsplit

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


class StdlibSocket:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer

    @classmethod
    async def open(cls, url: str) -> "StdlibSocket":
        parts = urlsplit(url)
        if parts.scheme != "ws":
            raise ValueError("only ws:// URLs")
        reader, writer = await asyncio.open_connection(parts.hostname, parts.port or 80, limit=2 ** 27)
        key = base64.b64encode(os.urandom(16)).decode()
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        writer.write((f"GET {path} HTTP/1.1\r\nHost: {parts.netloc}\r\nUpgrade: websocket\r\n"
                      f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1")
        status = head.split("\r\n", 1)[0]
        if " 101 " not in status:
            writer.close()
            raise ConnectionError(f"the server refused the socket: {status}")
        accept = base64.b64encode(hashlib.sha1((key + GUID).encode()).digest()).decode()
        if accept.lower() not in head.lower():
            writer.close()
            raise ConnectionError("bad Sec-WebSocket-Accept")
        return cls(reader, writer)

    def _frame(self, opcode: int, payload: bytes) -> bytes:
        n = len(payload)
        if n < 126:
            head = struct.pack("!BB", 0x80 | opcode, 0x80 | n)
        elif n < 65536:
            head = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, n)
        else:
            head = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, n)
        mask = os.urandom(4)
        return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))

    async def send(self, text: str) -> None:
        self.writer.write(self._frame(0x1, text.encode()))
        await self.writer.drain()

    async def recv(self) -> str:
        chunks = []
        while True:
            b1, b2 = await self.reader.readexactly(2)
            opcode, n = b1 & 0x0F, b2 & 0x7F
            if n == 126:
                (n,) = struct.unpack("!H", await self.reader.readexactly(2))
            elif n == 127:
                (n,) = struct.unpack("!Q", await self.reader.readexactly(8))
            payload = await self.reader.readexactly(n)
            if opcode == 0x8:
                raise ConnectionError("the server closed the socket")
            if opcode == 0x9:
                self.writer.write(self._frame(0xA, payload))
                continue
            if opcode in (0x0, 0x1, 0x2):
                chunks.append(payload)
                if b1 & 0x80:
                    return b"".join(chunks).decode()

    async def close(self) -> None:
        try:
            self.writer.write(self._frame(0x8, struct.pack("!H", 1000)))
            await self.writer.drain()
        except ConnectionError:
            pass
        self.writer.close()
