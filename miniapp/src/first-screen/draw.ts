import { screenPicture } from '@stickerdrop/shared';
import { askForScreenStyles, loadApp, loadAppAtTheLatest, whenPainted } from './load-app';
import { detailPicture, drawShell } from './shell';

/**
 * The second of the document's inline scripts, right after the app's root element: draws the first screen
 * start.ts prepared, and the pack's picture once its data is there (at once when the server embedded it).
 * Then it starts the app: once the first screen, with its picture when it has one, has been painted.
 */
export function drawFirstScreen(): void {
  const first = window.stickerdropFirstScreen;
  const root = document.getElementById('root');
  if (!first || !root || root.firstChild) return loadApp();
  loadAppAtTheLatest();
  const pictureSlot = drawShell(root, first);
  first.drawn = true;
  const { picture, data } = first;
  if (!pictureSlot || !picture || !data) return whenPainted(() => loadApp());
  void data.then((answer) => {
    const named = answer ? screenPicture(picture, answer) : null;
    // The app may have taken over meanwhile: it draws its own.
    if (!named || !pictureSlot.isConnected) return whenPainted(() => loadApp());
    const image = detailPicture(named.url, named.alt);
    image.addEventListener('error', () => loadApp(), { once: true });
    pictureSlot.prepend(image);
    whenPainted(() => {
      loadApp();
      // In a task of their own, after the app's scripts: before the picture they shared its bandwidth.
      setTimeout(() => askForScreenStyles(picture.kind), 0);
    }, image);
  });
}
