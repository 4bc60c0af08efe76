import { createContext, useContext } from 'react';
import type { Role, Session } from './api';

export interface SessionState {
  session: Session;
  /** The organization the pages act on: the session's own or a sub-organization. */
  organizationId: string;
  role: Role;
  /** Sandbox tools answer (null while unknown). */
  sandbox: boolean | null;
  /** How far the organization's sandbox time is ahead of the real time (0 outside the sandbox). */
  clockOffsetSeconds: number;
  /** Reads the organization's clock again (after an advance). */
  refreshClock: () => void;
}

/** Now on the organization's clock, in milliseconds (what deadlines and countdowns compare with). */
export const clockNow = (state: Pick<SessionState, 'clockOffsetSeconds'>): number => Date.now() + state.clockOffsetSeconds * 1000;

export const SessionContext = createContext<SessionState | null>(null);

export function useSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside a session');
  return value;
}

export const canMoveMoney = (role: Role): boolean => role === 'owner' || role === 'developer';
export const canManageKeys = canMoveMoney;
