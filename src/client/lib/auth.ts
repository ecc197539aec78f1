import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, RegisterInput, SignedInUser, User } from '@shared/contracts/auth';
import type { InvitationAcceptInput } from '@shared/contracts/team';
import type { LoginChallenge, TwoFactorLoginInput } from '@shared/contracts/two-factor';
import { ApiError, apiRequest } from './api';
import { browserTimeZone } from './dates';
import { toast } from './toast';

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

/** The signed-in organization's time zone ("today" in forms is its day), once the user is loaded. */
export function useOrganizationTimeZone(): string | undefined {
  return useCurrentUser().data?.organizationTimeZone;
}

/** "Ada Lovelace", or the fallback when the user has no name (spec 2.2). */
export function fullName(user: Pick<User, 'firstName' | 'lastName'> | null | undefined, fallback = 'Account User'): string {
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ').trim();
  return name || fallback;
}

const errorMessage = (error: Error) => error.message;

export const isLoginChallenge = (result: User | LoginChallenge): result is LoginChallenge => 'twoFactorRequired' in result;

/** Stores the signed-in user and greets them: 'Welcome back!' only when they signed in before. */
function greet(queryClient: QueryClient, { firstSignIn, ...user }: SignedInUser) {
  queryClient.setQueryData(userQueryKey, user);
  toast({ title: firstSignIn ? 'Welcome to Signal AR' : 'Welcome back!', description: `Logged in as ${fullName(user, user.username)}` });
}

/**
 * Sign-in: stores the user (spec 4) and greets them (spec 8). With two-factor on the answer is a
 * challenge instead, and the sign-in form asks for the code (useTwoFactorLogin).
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => apiRequest<SignedInUser | LoginChallenge>('POST', '/api/login', input),
    onSuccess: (result) => {
      if (isLoginChallenge(result)) return;
      greet(queryClient, result);
    },
    onError: (error) => toast({ title: 'Login failed', description: errorMessage(error), variant: 'destructive' }),
  });
}

/** Sign-in, step two: the code for the challenge; signs in like useLogin. */
export function useTwoFactorLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TwoFactorLoginInput) => apiRequest<SignedInUser>('POST', '/api/login/two-factor', input),
    onSuccess: (user) => greet(queryClient, user),
    onError: (error) => toast({ title: 'Login failed', description: errorMessage(error), variant: 'destructive' }),
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    // The organization's calendar starts as the browser's time zone ("today" for due dates and payments).
    mutationFn: (input: RegisterInput) => apiRequest<User>('POST', '/api/register', { ...input, timeZone: input.timeZone ?? browserTimeZone() }),
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
      toast({ title: 'Welcome to Signal AR', description: `Account created for ${fullName(user, user.username)}` });
    },
    onError: (error) => toast({ title: 'Registration failed', description: errorMessage(error), variant: 'destructive' }),
  });
}

/** Joining a team through an invitation link: the new member is signed in like after registration. */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InvitationAcceptInput) =>
      apiRequest<User>('POST', `/api/team/invitations/${encodeURIComponent(token)}/accept`, input),
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
      toast({ title: `Welcome to ${user.organizationName}`, description: `Account created for ${fullName(user, user.username)}` });
    },
    onError: (error) => toast({ title: 'Registration failed', description: errorMessage(error), variant: 'destructive' }),
  });
}

/** Sign-out clears everything cached (spec 4), so the next user never sees the last one's data. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('POST', '/api/logout'),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(userQueryKey, null);
      toast({ title: 'Logged out', description: 'You have been successfully logged out' });
    },
    onError: (error) => toast({ title: 'Logout failed', description: errorMessage(error), variant: 'destructive' }),
  });
}
