import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

/**
 * A small forward proxy as campus networks run them: it answers CONNECT host:port by opening a
 * tunnel, and counts the tunnels and the targets it was asked for. Whatever host is asked for, it
 * only ever connects to 127.0.0.1 (the port asked), so a test can name a host that is not loopback
 * and still reach the sandbox. With `credentials`, a CONNECT without that Proxy-Authorization gets
 * 407, as an authenticating proxy answers.
 */
export interface ConnectProxy {
  url: string;
  port: number;
  /** host:port of each CONNECT that was answered 200, in order. */
  tunnels: string[];
  /** Every CONNECT asked, answered or not. */
  asked: number;
  close: () => Promise<void>;
}

export async function startConnectProxy(options: { credentials?: string } = {}): Promise<ConnectProxy> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((_req, res) => {
    res.writeHead(405).end('Only CONNECT');
  });
  const proxy: ConnectProxy = { url: '', port: 0, tunnels: [], asked: 0, close: () => Promise.resolve() };
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    proxy.asked++;
    const target = req.url ?? '';
    const port = Number(/:(\d+)$/.exec(target)?.[1]);
    if (options.credentials !== undefined && req.headers['proxy-authorization'] !== `Basic ${Buffer.from(options.credentials).toString('base64')}`) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="campus"\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    if (!Number.isInteger(port) || port <= 0) {
      client.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const upstream = connect({ host: '127.0.0.1', port }, () => {
      proxy.tunnels.push(target);
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.once('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.port = (server.address() as AddressInfo).port;
  proxy.url = `http://127.0.0.1:${proxy.port}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return proxy;
}
