import { createContext, useContext } from 'react';
import type { Role, Session } from './api';

export interface SessionState {
  session: Session;
  /** The organization the pages act on: the session's own or a sub-organization. */
  organizationId: string;
  role: Role;
  /** Sandbox tools answer (null while unknown). */
  sandbox: boolean | null;
}

export const SessionContext = createContext<SessionState | null>(null);

export function useSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside a session');
  return value;
}

export const canMoveMoney = (role: Role): boolean => role === 'owner' || role === 'developer';
export const canManageKeys = canMoveMoney;
