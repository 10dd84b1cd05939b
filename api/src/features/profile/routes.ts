import type { FastifyInstance } from 'fastify';
import { API_ERRORS, BecomeCreatorRequest, UpdateProfileRequest } from '@stickerdrop/shared';
import { becomeCreator, getUserById, parseInput, profileOf, toUserDto, updateProfileFields } from '@stickerdrop/core';
import { unauthorized } from '../../http/errors.js';
import { requireUser } from '../../http/auth.js';

export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  const now = () => app.deps.now();

  app.get('/api/users/profile', async (request) => {
    const user = await getUserById(db, requireUser(request));
    if (!user) throw unauthorized(API_ERRORS.invalidToken);
    return profileOf(db, user);
  });

  app.put('/api/users/profile', async (request) => {
    const userId = requireUser(request);
    const input = parseInput(UpdateProfileRequest, request.body);
    const user = await updateProfileFields(db, userId, input, now());
    if (!user) throw unauthorized(API_ERRORS.invalidToken);
    return { user: toUserDto(user), profile: await profileOf(db, user) };
  });

  app.post('/api/users/become-creator', async (request) => {
    const userId = requireUser(request);
    const user = await becomeCreator(db, userId, parseInput(BecomeCreatorRequest, request.body));
    if (!user) throw unauthorized(API_ERRORS.invalidToken);
    return { user };
  });
}
