import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loggableError } from './errors.ts';

describe('loggableError', () => {
  const failed = () =>
    new DrizzleQueryError('select * from users where email = $1', ['fan@example.com'], new Error('connection closed'));

  it('logs a failed query as its statement and the driver error, never its parameters', () => {
    const logged = JSON.stringify(loggableError(failed()));
    expect(logged).toContain('select * from users where email = $1');
    expect(logged).toContain('connection closed');
    expect(logged).not.toContain('fan@example.com');
  });

  it('keeps the parameters out when the failed query is the cause of another error', () => {
    const logged = JSON.stringify(loggableError(new Error('ranking fit failed', { cause: failed() })));
    expect(logged).toContain('ranking fit failed');
    expect(logged).toContain('connection closed');
    expect(logged).not.toContain('fan@example.com');
    expect(logged).not.toContain('params:');
  });
});
