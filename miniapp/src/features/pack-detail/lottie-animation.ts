import type { AnimationItem } from 'lottie-web';

/**
 * A TGS drawn by lottie-web's light SVG player: no expressions, so no eval, and no web worker (both
 * outside our Content-Security-Policy). Imported only here, so only the pages that play a TGS load it.
 */
export async function mountLottie(container: HTMLElement, source: string | Blob): Promise<AnimationItem> {
  const [{ default: lottie }, animationData] = await Promise.all([
    import('lottie-web/build/player/lottie_light'),
    readTgs(source),
  ]);
  return lottie.loadAnimation({ container, renderer: 'svg', loop: true, autoplay: false, animationData });
}

/**
 * A TGS is gzipped Lottie JSON; the browser's own DecompressionStream inflates it. A chosen file (the
 * create form) is read directly, not fetched through a blob: URL that connect-src does not allow.
 */
async function readTgs(source: string | Blob): Promise<unknown> {
  let body: ReadableStream<BufferSource>;
  if (typeof source === 'string') {
    const response = await fetch(source);
    if (!response.ok || !response.body) throw new Error(`TGS ${source}: ${response.status}`);
    body = response.body;
  } else {
    body = source.stream() as ReadableStream<BufferSource>;
  }
  const json = body.pipeThrough(new DecompressionStream('gzip'));
  return JSON.parse(await new Response(json).text()) as unknown;
}
