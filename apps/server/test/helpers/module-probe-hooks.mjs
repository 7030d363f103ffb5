// Module hooks of module-probe.ts (they run on Node's loader thread): report the URL
// of every module the process resolves.
let port;

export function initialize(data) {
  port = data.port;
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  port.postMessage(resolved.url);
  return resolved;
}
