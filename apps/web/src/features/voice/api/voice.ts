import type { SpeechRecognitionResult, VOICE_RECOGNIZE_PATH, VoiceMode } from '@mailroom/contract';
import { useQuery } from '@tanstack/react-query';
import { callFn, currentCsrfToken, CSRF_HEADER, FnCallError, isFnStatus, mailQueryKey, NETWORK_ERROR_MESSAGE } from '../../../shared/api';
import { useAuth } from '../../auth';

/** The contract's path; typed against it so a rename there breaks the build here. */
export const RECOGNIZE_PATH: typeof VOICE_RECOGNIZE_PATH = '/api/voice/recognize';

/** Sends one recording to the server's offline recogniser (never stored there). */
export async function recognizeSpeech(wav: Blob, mode: VoiceMode, signal?: AbortSignal): Promise<SpeechRecognitionResult> {
  const headers: Record<string, string> = { 'content-type': 'audio/wav', accept: 'application/json' };
  const csrf = currentCsrfToken();
  if (csrf) headers[CSRF_HEADER] = csrf;
  let response: Response;
  try {
    response = await fetch(`${RECOGNIZE_PATH}?mode=${mode}`, { method: 'POST', credentials: 'same-origin', headers, body: wav, ...(signal ? { signal } : {}) });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new FnCallError({ status: 'UNAVAILABLE', message: NETWORK_ERROR_MESSAGE, network: true });
  }
  const body = (await response.json().catch(() => null)) as { result?: SpeechRecognitionResult; error?: { status?: unknown; message?: unknown; details?: unknown } } | null;
  if (response.ok && body?.result) return body.result;
  const error = body?.error;
  if (error && isFnStatus(error.status) && typeof error.message === 'string') throw new FnCallError({ status: error.status, message: error.message, details: error.details, httpStatus: response.status });
  throw new FnCallError({ status: response.status >= 500 ? 'INTERNAL' : 'UNKNOWN', message: `The server answered ${response.status} without a readable error`, httpStatus: response.status });
}

/** Whether the server's offline recogniser is installed, and the category names it knows. */
export function useVoiceStatus(enabled = true) {
  const auth = useAuth();
  const userId = auth.status === 'signed-in' ? auth.user.id : null;
  return useQuery({
    queryKey: [...mailQueryKey, userId, 'voice-status'],
    queryFn: () => callFn('getVoiceStatus'),
    enabled: enabled && userId !== null,
    staleTime: 60_000,
  });
}
