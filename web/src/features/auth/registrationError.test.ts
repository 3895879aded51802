import { describe, expect, it } from 'vitest';
import { registrationErrorText } from './registrationError.ts';

describe('registrationErrorText', () => {
  it('maps server messages to the texts the page shows', () => {
    expect(registrationErrorText('Email already in use')).toBe('This email is already registered. Please try logging in instead.');
    expect(registrationErrorText('Invalid display name')).toBe("Please provide a valid display name that isn't empty.");
    expect(registrationErrorText('Name is required')).toBe('Please check your display name: Name is required');
    expect(registrationErrorText('Password must be at least 8 characters')).toBe('Password must be at least 8 characters');
    expect(registrationErrorText(undefined)).toBe('Registration failed. Please try again.');
  });
});
