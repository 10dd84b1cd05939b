import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { API_ERRORS } from '@stickerdrop/shared';
import { fakeApi, json } from '../../support/fake-api';
import { demoConfig, user } from '../../support/data';
import { renderApp } from '../../support/render-app';

const session = { user: user({ first_name: 'Demo' }), tokens: { accessToken: 'a9', refreshToken: 'r9' } };

describe('Login', () => {
  it('welcomes with a feature list and Continue with Telegram; demo sign-in only in demo mode', async () => {
    fakeApi({ 'GET /api/config': () => json({ ...demoConfig, demo: false }) });
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Welcome to Stickerdrop' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').length).toBeGreaterThanOrEqual(3);
    expect(screen.getByRole('button', { name: 'Continue with Telegram' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /demo/ })).not.toBeInTheDocument());
  });

  it('signs in as the demo collector, stores both tokens, toasts and goes home', async () => {
    const { calls } = fakeApi({
      'GET /api/config': () => json(demoConfig),
      'POST /api/auth/demo': () => json(session),
      'GET /api/stickers/trending/list': () => json([]),
    });
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue as demo collector' }));
    expect(await screen.findByText('Successfully logged in!')).toBeInTheDocument();
    await waitFor(() => expect(window.location.hash).toBe('#/'));
    expect(localStorage.getItem('accessToken')).toBe('a9');
    expect(localStorage.getItem('refreshToken')).toBe('r9');
    expect(calls.find((call) => call.path === '/api/auth/demo')?.body).toEqual({ as: 'collector', language: 'en' });
    expect(await screen.findByRole('link', { name: /Demo/ })).toHaveAttribute('href', '#/profile');
  });

  const loginCode = (expiresInMs = 60_000) => ({
    code: 'code123',
    url: 'https://t.me/bot?start=login_code123',
    expiresAt: new Date(Date.now() + expiresInMs).toISOString(),
    match: '47',
  });

  it('on the web, Continue with Telegram opens the bot, shows the number to tap, and polls until confirmed', async () => {
    let confirmed = false;
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    fakeApi({
      'GET /api/config': () => json(demoConfig),
      'POST /api/auth/login-code': () => json(loginCode()),
      'GET /api/auth/login-code/code123': () => (confirmed ? json(session) : json({ status: 'pending' }, 202)),
      'GET /api/stickers/trending/list': () => json([]),
    });
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Telegram' }));
    const number = await screen.findByText('47');
    expect(number).toHaveClass('login__match');
    expect(number.closest('p')).toHaveTextContent(/^Tap 47 in Telegram$/);
    expect(open).toHaveBeenCalledWith('https://t.me/bot?start=login_code123', '_blank', 'noopener');
    confirmed = true;
    expect(await screen.findByText('Successfully logged in!', {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(window.location.hash).toBe('#/'));
  });

  it('says so on the page when the sign-in was cancelled in Telegram (a wrong number), and starts again', async () => {
    vi.spyOn(window, 'open').mockImplementation(() => null);
    const { calls } = fakeApi({
      'GET /api/config': () => json(demoConfig),
      'POST /api/auth/login-code': () => json(loginCode()),
      'GET /api/auth/login-code/code123': () => json({ error: API_ERRORS.loginCancelled }, 410),
    });
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Telegram' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Sign-in cancelled');
    expect(alert).toHaveTextContent(API_ERRORS.loginCancelled);
    expect(screen.queryByText(/Tap 47 in Telegram/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Start again with Telegram' }));
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/auth/login-code')).toHaveLength(2));
    expect(await screen.findByText(/in Telegram$/)).toBeInTheDocument();
  });

  it('says so on the page when the code expired unanswered', async () => {
    vi.spyOn(window, 'open').mockImplementation(() => null);
    fakeApi({
      'GET /api/config': () => json(demoConfig),
      'POST /api/auth/login-code': () => json(loginCode()),
      'GET /api/auth/login-code/code123': () => json({ error: API_ERRORS.loginCodeExpired }, 410),
    });
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Telegram' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Sign-in expired');
    expect(alert).toHaveTextContent(API_ERRORS.loginCodeExpired);
  });

  it('shows the server error when the bot sign-in is not available', async () => {
    fakeApi({
      'GET /api/config': () => json(demoConfig),
      'POST /api/auth/login-code': () => json({ error: 'Sign-in through the bot is not configured' }, 503),
    });
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Telegram' }));
    expect(await screen.findByText('Sign-in through the bot is not configured')).toBeInTheDocument();
  });

  it('inside Telegram, signs in with the raw init data', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls } = fakeApi({
      'GET /api/config': () => json(demoConfig),
      'POST /api/auth/telegram': () => json({ error: 'Invalid Telegram init data' }, 401),
    });
    renderApp('/login', {
      telegram: { inside: true, platform: 'android', rawInitData: 'user=%7B%7D&hash=abc', startParam: null },
    });
    // The automatic sign-in fails (only logged); the button tries again and shows the error.
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/auth/telegram')).toHaveLength(1));
    await waitFor(() => expect(log).toHaveBeenCalledWith('Automatic Telegram sign-in failed', expect.anything()));
    expect(screen.queryByText('Invalid Telegram init data')).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Telegram' }));
    expect(await screen.findByText('Invalid Telegram init data')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/auth/telegram').map((call) => call.body)).toEqual([
      { initData: 'user=%7B%7D&hash=abc' },
      { initData: 'user=%7B%7D&hash=abc' },
    ]);
  });

  it('sends signed-in users home', async () => {
    fakeApi({ 'GET /api/auth/me': () => json({ user: user() }), 'GET /api/stickers/trending/list': () => json([]) });
    renderApp('/login', { signedIn: true });
    await waitFor(() => expect(window.location.hash).toBe('#/'));
  });
});
