import dns2 from 'dns2';

const { Packet } = dns2;

/**
 * A real DNS server (dns2, UDP on 127.0.0.1) on the port the e2e server's DNS_SERVERS names
 * (playwright.config.ts): the spec publishes TXT records here as an administrator would at their DNS
 * provider. Unknown names answer NXDOMAIN.
 */
export async function startDnsServer(port: number) {
  const records = new Map<string, string[]>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = question?.name.toLowerCase() ?? '';
      const values = records.get(name);
      if (!values) response.header.rcode = 3;
      else if (question?.type === Packet.TYPE.TXT) {
        for (const data of values) {
          // dns2 encodes a plain record object itself; its types ask for an encoder the object lacks.
          const record = { name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 1, data };
          response.answers.push(record as unknown as (typeof response.answers)[number]);
        }
      }
      send(response);
    },
  });
  await server.listen({ udp: { port, address: '127.0.0.1' } });
  return {
    setTxt: (name: string, values: string[]) => records.set(name.toLowerCase(), values),
    close: () => server.close(),
  };
}
