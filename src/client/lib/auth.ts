import { useQuery } from '@tanstack/react-query';
import type { User } from '@shared/contracts/auth';
import { ApiError, apiRequest } from './api';

export const userQueryKey = ['/api/user'] as const;

/** Fetches the signed-in user; a 401 means signed out (null), not an error (spec 7.1). */
export async function fetchCurrentUser(): Promise<User | null> {
  try {
    return await apiRequest<User>('GET', '/api/user');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useCurrentUser() {
  return useQuery({ queryKey: userQueryKey, queryFn: fetchCurrentUser });
}
