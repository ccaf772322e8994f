// Types of server-build.mjs for the TypeScript that imports it (e2e setup, benchmarks).
export declare const SERVER_DIR: string;
export declare const SERVER_DIST: string;
export declare const SERVER_MAIN: string;
export declare function serverNodeArgs(): string[];
export declare function serverBuildStale(): boolean;
export declare function buildServer(): Promise<void>;
export declare function ensureServerBuild(log?: (msg: string) => void): Promise<boolean>;
