import type {
  EmailAccepted,
  EntryResponse,
  LoginBody,
  LoginResult,
  RegisterBody,
  RegisterVerifyBody,
  SignedIn,
} from '@atrium/protocol';
import { apiCall } from './client.ts';

/** The account calls of spec 1 §7, typed by the shared contract (packages/protocol/src/account.ts). */
export const accountApi = {
  entry: (signal?: AbortSignal) => apiCall<EntryResponse>('GET', '/v1/entry', { signal }),
  login: (body: LoginBody) => apiCall<LoginResult>('POST', '/v1/user/login', { body }),
  verifyLogin: (code: string) => apiCall<SignedIn>('PUT', '/v1/user/login/verify', { body: { code } }),
  register: (body: RegisterBody) => apiCall<EmailAccepted>('POST', '/v1/user/register', { body }),
  verifyRegistration: (body: RegisterVerifyBody) =>
    apiCall<SignedIn>('PUT', '/v1/user/register/verify', { body }),
  resendVerification: (email: string) =>
    apiCall<EmailAccepted>('POST', '/v1/user/register/verify', { body: { email } }),
  requestReset: (email: string) =>
    apiCall<EmailAccepted>('POST', '/v1/user/reset_password', { body: { email } }),
  completeReset: (token: string, password: string) =>
    apiCall<EmailAccepted>('POST', '/v1/user/reset_password/verify', {
      query: { token },
      body: { password },
    }),
  logout: () => apiCall<void>('POST', '/v1/user/logout'),
};
