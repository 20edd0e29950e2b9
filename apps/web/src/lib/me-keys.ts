/**
 * The signed-in member's profile (GET /api/me). In lib/, below api/keys.ts (which re-exports it with the
 * other keys), because the API client itself reloads it when a write is refused for terms not yet
 * accepted, so the re-consent dialog opens.
 */
export const meKeys = {
  all: ['me'] as const,
};
