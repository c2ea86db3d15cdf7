import BenchRunning
import Foundation

/// The schema of feed.json.
extension ReportSchema {
    public static func feed() -> [String: Any] {
        let player: [String: Any] = [
            "type": "object", "required": ["player", "gif", "stalls", "dropped_frames"],
            "properties": [
                "player": integer(), "gif": string(), "frames_shown": integer(), "stalls": integer(),
                "dropped_frames": integer(),
                "partial_frames": integer(), "held_frames_max": integer(), "held_before_warning": integer(),
                "held_after_warning": integer(), "warned": boolean(), "animation_seconds": number(),
                "first_frame_seconds": number(), "lateness_seconds": number(), "worst_lateness_seconds": number(),
            ],
        ]
        let event: [String: Any] = [
            "type": "object", "required": ["kind", "seconds"],
            "properties": [
                "kind": ["enum": ["enter", "leave", "warning"]], "seconds": number(), "scheduled_seconds": number(),
                "player": integer(), "gif": string(), "allocated_before": integer(), "allocated_after": integer(),
                "held_frames": integer(), "frame_bytes": integer(), "players_reached": integer(),
            ],
        ]
        let result: [String: Any] = [
            "type": "object", "required": ["feed", "allocated_peak", "cpu_seconds", "players"],
            "properties": [
                "feed": ["type": "object", "required": ["model", "players", "seconds"],
                         "properties": ["model": string(), "players": integer(), "seconds": number(), "speed": number(),
                                        "refresh_hz": number(), "scroll_rate": number(), "pool_width": integer(),
                                        "repetition": integer(), "memory_warning_at": number(),
                                        "max_memory_bytes": integer()]],
                "failure": string(),
                "allocated_peak": integer(), "rss_peak": integer(), "allocated_at_start": integer(),
                "allocated_at_end": integer(),
                "memory_readings": integer(), "ledger_drift": integer(), "cpu_seconds": number(),
                "wall_seconds": number(),
                "harness_cpu_seconds": number(), "ticks": integer(), "missed_ticks": integer(), "pool_width": integer(),
                "pool_max_running": integer(), "pool_tasks": integer(),
                "players": ["type": "array", "items": player],
                "events": ["type": "array", "items": event],
                "timeline": ["type": "array", "items": sample],
            ],
        ]
        let replay: [String: Any] = [
            "type": "object", "required": ["model", "feed", "players", "ticks"],
            "properties": [
                "model": string(), "feed": ["type": "object"], "players": ["type": "array", "items": player],
                "ticks": integer(),
                "pool_max_running": integer(), "failure": string(),
            ],
        ]
        return [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "https://github.com/gif-frame-bench/feed.schema.json",
            "title": "GIF Frame Bench feed report (feed.json)",
            "type": "object",
            "required": ["metadata", "results", "incomplete"],
            "properties": [
                "metadata": metadata,
                "results": ["type": "array", "items": result],
                "budget": integer("--budget in bytes"),
                "incomplete": boolean(),
                "queues": ["type": "object", "additionalProperties": string()],
                "replays": ["type": "array", "items": replay,
                            "description": "each model's feed replayed from traced decode costs (--replay)"],
            ],
            "additionalProperties": false,
        ]
    }

    /// `schema` as JSON text, keys sorted, for the committed files.
}
