import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordBody,
  errorEnvelope,
  formatMessage,
  messageResponse,
  profile,
  updateProfileBody,
  type Profile,
} from '@manto/contracts';
import type { Db } from '#db/client.ts';
import { teams, users } from '#db/schema/index.ts';
import { AppError, fieldError, notFound } from '#lib/app-error.ts';
import { hashPassword, isStrongEnough, verifyPassword } from '#lib/passwords.ts';
import type { AuthService } from '#modules/auth/service.ts';
import type { SessionService } from '#modules/auth/sessions.ts';

const errors = { '4xx': errorEnvelope };

export default async function meRoutes(
  app: FastifyInstance,
  opts: { db: Db; auth: AuthService; sessions: SessionService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const tags = ['me'];

  async function load(userId: string): Promise<Profile> {
    const [row] = await db
      .select({ user: users, teamSlug: teams.slug, teamName: teams.name })
      .from(users)
      .leftJoin(teams, eq(teams.id, users.favouriteTeamId))
      .where(eq(users.id, userId));
    if (!row) throw notFound();
    const u = row.user;
    return {
      id: u.id,
      email: u.email,
      name: u.name,
      city: u.city,
      state: u.state,
      country: u.country,
      gender: u.gender as Profile['gender'],
      favouriteTeam: row.teamSlug ? { slug: row.teamSlug, name: row.teamName! } : null,
      language: u.language === 'en' ? 'en' : 'pt',
      roles: u.roles,
      hasPassword: u.passwordHash !== null,
      createdAt: u.createdAt.toISOString(),
    };
  }

  r.get(
    '/api/me',
    {
      schema: { tags, response: { 200: profile, ...errors } },
      config: { access: 'signedIn' },
    },
    async (request) => load(request.principal!.id),
  );

  // The strict schema rejects anything but profile fields, so roles, email or flags cannot be set here.
  r.patch(
    '/api/me',
    {
      schema: { tags, body: updateProfileBody, response: { 200: profile, ...errors } },
      config: { access: 'signedIn' },
    },
    async (request) => {
      const { favouriteTeam, ...fields } = request.body;
      const favouriteTeamId = favouriteTeam === undefined ? undefined : await opts.auth.teamIdBySlug(favouriteTeam);
      await db
        .update(users)
        .set({ ...fields, ...(favouriteTeamId ? { favouriteTeamId } : {}), updatedAt: new Date() })
        .where(eq(users.id, request.principal!.id));
      return load(request.principal!.id);
    },
  );

  r.post(
    '/api/me/password',
    {
      schema: { tags, body: changePasswordBody, response: { 200: messageResponse, ...errors } },
      config: { access: 'signedIn', rateLimit: { max: 10, timeWindow: '15 minutes' } },
    },
    async (request) => {
      const me = request.principal!;
      const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, me.id));
      if (!user?.passwordHash) throw new AppError(400, 'NO_PASSWORD');
      if (!(await verifyPassword(user.passwordHash, request.body.currentPassword))) {
        throw new AppError(400, 'WRONG_PASSWORD', {}, { currentPassword: 'WRONG_PASSWORD' });
      }
      if (!isStrongEnough(request.body.password)) throw fieldError('password', 'passwordTooWeak');
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(request.body.password), updatedAt: new Date() })
        .where(eq(users.id, me.id));
      // Other devices are signed out; this one keeps its session.
      await opts.sessions.revokeAllSessions(me.id, 'password_changed', me.sessionId);
      request.log.info({ event: 'password_changed', userId: me.id }, 'auth event');
      return { message: formatMessage(request.language, 'PASSWORD_CHANGED') };
    },
  );
}
