/**
 * Asks `url` (a server's /healthz) over HTTP, one request at a time with `everyMs` between, until
 * stopped: how long a request waits while the server is busy. stop() resolves to every request's
 * time in ms.
 */
export function probeLatency(url: string, everyMs: number): { stop: () => Promise<number[]> } {
  const latencies: number[] = [];
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const started = performance.now();
      await (await fetch(url)).arrayBuffer();
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    stop: async () => {
      probing = false;
      await probe;
      return latencies;
    },
  };
}
