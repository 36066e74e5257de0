import type { Config } from "../config.ts";
import type { SecretBox } from "../crypto/secret-box.ts";
import type { Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";

/** What a feature's routes and services may use. Built once in createApp. */
export type FeatureDeps = { db: Db; config: Config; log: Logger; secrets: SecretBox };
