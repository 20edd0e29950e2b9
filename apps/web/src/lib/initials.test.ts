import { describe, expect, it } from 'vitest';
import { personInitials, recordInitials } from './initials.ts';

describe('initials', () => {
  it('takes a person’s first and last name', () => {
    expect(personInitials('Ana Maria Souza')).toBe('AS');
    expect(personInitials('  ana  ')).toBe('A');
    expect(personInitials('')).toBe('');
  });

  it('takes the first two words of a team or brand that count', () => {
    expect(recordInitials('Clube de Regatas do Flamengo')).toBe('CR');
    expect(recordInitials('Sport Club do Recife')).toBe('SC');
    expect(recordInitials('Nike')).toBe('N');
  });
});
