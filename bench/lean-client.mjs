// The login figure's load generator: HTTP/1.1 on one kept-alive socket per caller, each request written
// as one buffer and each answer read by its Content-Length, nothing else parsed. The load generator
// shares the two cores with the server it measures, and its cost is charged to the server's figure:
// node:http spent 0.78 ms of CPU on each login request (its parser, its request and answer objects,
// its agent's bookkeeping), this 0.26 ms, wrk 0.11 ms (`/proc` of each, on a login run).
import net from 'node:net';

const HEAD_END = Buffer.from('\r\n\r\n');

/** A client for `base` (http only); `post(caller, path, headers, body)` answers `{ status, head }`. */
export function leanClient(base) {
  const { hostname, port } = new URL(base);
  const connections = new Map();

  function connectionOf(caller) {
    let connection = connections.get(caller);
    if (connection) return connection;
    const socket = net.connect(Number(port), hostname);
    socket.setNoDelay(true);
    connection = { socket, buffered: Buffer.alloc(0), waiting: null };
    const current = connection;
    socket.on('data', (chunk) => {
      current.buffered = current.buffered.length ? Buffer.concat([current.buffered, chunk]) : chunk;
      const end = current.buffered.indexOf(HEAD_END);
      if (end < 0 || !current.waiting) return;
      const head = current.buffered.subarray(0, end).toString('latin1');
      if (/^transfer-encoding:/im.test(head)) {
        current.waiting.reject(new Error(`a chunked answer, which this client does not read: ${head}`));
        return;
      }
      const length = Number(/^content-length: *(\d+)/im.exec(head)?.[1] ?? 0);
      if (current.buffered.length < end + 4 + length) return;
      const body = current.buffered.subarray(end + 4, end + 4 + length);
      current.buffered = current.buffered.subarray(end + 4 + length);
      const { resolve } = current.waiting;
      current.waiting = null;
      resolve({ status: Number(head.slice(9, 12)), head, body });
    });
    const fail = (error) => {
      connections.delete(caller);
      current.waiting?.reject(error ?? new Error('the server closed the connection'));
      current.waiting = null;
    };
    socket.on('error', fail);
    socket.on('close', () => fail());
    connections.set(caller, connection);
    return connection;
  }

  return {
    post(caller, path, headers, body) {
      const connection = connectionOf(caller);
      const lines = Object.entries({ ...headers, 'content-length': Buffer.byteLength(body) })
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      return new Promise((resolve, reject) => {
        connection.waiting = { resolve, reject };
        connection.socket.write(`POST ${path} HTTP/1.1\r\nhost: ${hostname}:${port}\r\n${lines}\r\n${body}`);
      });
    },
    close() {
      for (const { socket } of connections.values()) socket.destroy();
      connections.clear();
    },
  };
}
