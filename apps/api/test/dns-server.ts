import dns2 from 'dns2';

const { Packet } = dns2;

/**
 * A real DNS server (dns2, over UDP on 127.0.0.1 and a free port) whose TXT records a test sets: the
 * API looks them up through DNS_SERVERS=127.0.0.1:<port> as it would through any resolver. A name
 * with no entry answers NXDOMAIN; an empty list, a name with no TXT record; `silent`, no answer at all
 * (the look-up times out).
 */
export interface TestDnsServer {
  /** 127.0.0.1:<port>, for DNS_SERVERS. */
  address: string;
  port: number;
  setTxt(name: string, values: string[] | 'silent'): void;
  remove(name: string): void;
  close(): Promise<void>;
}

export async function startDnsServer(port = 0): Promise<TestDnsServer> {
  const records = new Map<string, string[] | 'silent'>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = question?.name.toLowerCase() ?? '';
      const entry = records.get(name);
      if (entry === 'silent') return;
      if (entry === undefined) {
        // NXDOMAIN: the name does not exist.
        response.header.rcode = 3;
      } else if (question?.type === Packet.TYPE.TXT) {
        for (const data of entry) {
          // dns2 encodes a plain record object itself; its types ask for an encoder the object lacks.
          const record = { name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 1, data };
          response.answers.push(record as unknown as (typeof response.answers)[number]);
        }
      }
      send(response);
    },
  });
  const listening = await server.listen({ udp: { port, address: '127.0.0.1' } });
  const bound = (listening as { udp: { port: number } }).udp.port;
  return {
    address: `127.0.0.1:${bound}`,
    port: bound,
    setTxt: (name, values) => records.set(name.toLowerCase(), values),
    remove: (name) => records.delete(name.toLowerCase()),
    close: async () => {
      await server.close();
    },
  };
}
