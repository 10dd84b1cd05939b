import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  MAX_ANIMATION_SECONDS,
  MESSAGES,
  MAX_ROYALTY_BPS,
  MAX_STICKERS_PER_PACK,
  MIN_EDITION_SIZE,
  TITLE_MAX_LENGTH,
} from '@stickerdrop/shared';
import { fakeApi, json } from '../../support/fake-api';
import { packDetail, user } from '../../support/data';
import { renderApp } from '../../support/render-app';

/** Every field's short label and its help, as English has said them since the form was made. */
const FIELDS: [label: string, help: string][] = [
  [
    'Stickers',
    `Up to ${MAX_STICKERS_PER_PACK} files, 5 MB each: PNG, JPG, WEBP, GIF, MP4, WEBM (${MAX_ANIMATION_SECONDS} s at most) or TGS. The first is the cover.`,
  ],
  ['Pack kind', 'Custom emoji are drawn at 100×100 px and used inside messages.'],
  ['Title', `Shown on the card and in Telegram, up to ${TITLE_MAX_LENGTH} characters.`],
  ['Description', "Optional: shown on the pack's page, below its stickers."],
  ['Price (TON)', 'What one new edition costs, from 0.01 TON.'],
  ['Edition size', `How many numbered editions there will ever be, ${MIN_EDITION_SIZE} to 10,000.`],
  ['Resale royalty (%)', `Your share of every resale of an edition, from 0 to ${MAX_ROYALTY_BPS / 100}%.`],
  ['Per-collector limit', 'The most editions one collector may buy. Leave empty for no limit.'],
  ['Drop time', 'Optional, in your local time: Buy opens then, and collectors can ask to be notified.'],
  ['Category', 'Where the pack is listed in the marketplace.'],
  ['Tags', 'Words people search for, separated by commas.'],
];

const png = (size = 100, name = 'cat.png') => new File([new Uint8Array(size)], name, { type: 'image/png' });

function creatorApi(extra = {}) {
  return fakeApi({
    'GET /api/auth/me': () => json({ user: user({ isCreator: true }) }),
    'GET /api/collection': () => json([]),
    ...extra,
  });
}

describe('Create', () => {
  it('shows Creator Access Required and SPEC text to non-creators', async () => {
    fakeApi({ 'GET /api/auth/me': () => json({ user: user({ isCreator: false }) }) });
    renderApp('/create', { signedIn: true });
    expect(await screen.findByText('Creator Access Required')).toBeInTheDocument();
    expect(
      screen.getByText('You need creator access to upload stickers. Become a creator below: it takes one tap.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Sticker Pack' })).not.toBeInTheDocument();
    // One way to become a creator: the button, and no "contact support" beside it.
    expect(screen.getByRole('button', { name: 'Become a creator' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/contact support/i);
  });

  it('gives every field its whole label and its help below it', async () => {
    creatorApi();
    renderApp('/create', { signedIn: true });
    await screen.findByRole('button', { name: 'Create Sticker Pack' });
    for (const [label, help] of FIELDS) {
      const control = screen.getByLabelText(label);
      expect(control).toHaveAccessibleDescription(help);
    }
    expect(screen.getByLabelText('Stickers')).toHaveAttribute('type', 'file');
    expect(screen.getByText('Choose files')).toBeInTheDocument();
  });

  it('adds chosen files to the list, and removes one with Remove', async () => {
    creatorApi();
    renderApp('/create', { signedIn: true });
    const picker = await screen.findByLabelText('Stickers');
    fireEvent.change(picker, { target: { files: [png(100, 'a.png'), png(100, 'b.png')] } });
    expect(await screen.findByText('2 chosen · Add more')).toBeInTheDocument();
    fireEvent.change(picker, { target: { files: [png(100, 'c.png')] } });
    const names = () => screen.getAllByRole('img', { name: /^Preview of / }).map((image) => image.getAttribute('alt'));
    await waitFor(() => expect(names()).toEqual(['Preview of a.png', 'Preview of b.png', 'Preview of c.png']));
    await userEvent.click(screen.getByRole('button', { name: 'Remove b.png' }));
    expect(names()).toEqual(['Preview of a.png', 'Preview of c.png']);
    expect(screen.getByText('2 chosen · Add more')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove a.png' }));
    // c.png is the cover now.
    expect(screen.getByRole('img', { name: 'Preview of c.png' }).closest('li')).toHaveTextContent('Cover');
  });

  it('sends visitors to the login screen', async () => {
    fakeApi({ 'GET /api/config': () => json({ demo: false, botUsername: null, paymentMethods: ['ton'] }) });
    renderApp('/create');
    await waitFor(() => expect(window.location.hash).toBe('#/login'));
  });

  it('reports SPEC validation messages in order and refuses a wrong file', async () => {
    const { calls } = creatorApi();
    renderApp('/create', { signedIn: true });
    const submit = await screen.findByRole('button', { name: 'Create Sticker Pack' });
    await userEvent.click(submit);
    expect(await screen.findByText(MESSAGES.imageRequired)).toBeInTheDocument();

    const file = document.querySelector<HTMLInputElement>('input[type=file]')!;
    fireEvent.change(file, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findAllByText(MESSAGES.imageRequired)).not.toHaveLength(0);
    fireEvent.change(file, { target: { files: [png(5_242_881)] } });
    expect(await screen.findByText(MESSAGES.fileTooLarge)).toBeInTheDocument();

    fireEvent.change(file, { target: { files: [png()] } });
    expect(await screen.findByText('cat.png')).toBeInTheDocument();
    await userEvent.click(submit);
    expect(await screen.findByText(MESSAGES.titleRequired)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'Cats');
    await userEvent.click(submit);
    expect(await screen.findByText(MESSAGES.priceInvalid)).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/stickers')).toBe(false);
  });

  it('shows Creating..., then the success toast, resets and goes to /collection (its Created tab)', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { calls } = creatorApi({
      'POST /api/stickers': async () => {
        await gate;
        return json({ sticker: packDetail({ id: 3 }) }, 201);
      },
    });
    renderApp('/create', { signedIn: true });
    fireEvent.change(await screen.findByLabelText(/^Stickers/), { target: { files: [png()] } });
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'Cats');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Price (TON)' }), '2.5');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'animals');
    await userEvent.type(screen.getByRole('textbox', { name: 'Tags' }), 'cats, space');
    await userEvent.click(screen.getByRole('button', { name: 'Create Sticker Pack' }));
    expect(await screen.findByText('Creating...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('Sticker created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(window.location.hash).toBe('#/collection?tab=created'));
    const body = calls.find((call) => call.path === '/api/stickers')?.body as FormData;
    expect(body.get('title')).toBe('Cats');
    expect(body.get('price')).toBe('2.5');
    expect(body.get('category')).toBe('animals');
    expect(body.get('tags')).toBe('cats, space');
    expect((body.get('image') as File).name).toBe('cat.png');
  });

  it('shows the server error, else SPEC fallback, when creating fails', async () => {
    creatorApi({ 'POST /api/stickers': () => json({}, 500) });
    renderApp('/create', { signedIn: true });
    fireEvent.change(await screen.findByLabelText(/^Stickers/), { target: { files: [png()] } });
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'Cats');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Price (TON)' }), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Create Sticker Pack' }));
    expect(await screen.findByText('Failed to create sticker. Please try again.')).toBeInTheDocument();
    expect(window.location.hash).toBe('#/create');
  });
});
