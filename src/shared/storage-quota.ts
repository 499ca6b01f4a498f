/** SPEC §3 Storage quota, in seconds of audio: GET /api/storage/quota's reply, as server and islands read it. */
export interface StorageQuota {
  totalQuotaSeconds: number;
  currentUsedQuotaSeconds: number;
  freeQuotaSeconds: number;
  paidQuotaSeconds: number;
  isOverQuota: boolean;
}
