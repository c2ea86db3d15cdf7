import CaseModel
import BenchPlan
import BenchRunning
import Foundation

/// The JSON Schema (draft 2020-12) of `results.json` and `feed.json`, built here so that the parts the code declares
/// as data come from those declarations: each result's measure keys and each summary's metric keys are the cases of
/// ``Measure``, with their units. `bench schema results|feed` prints it; `docs/results.schema.json` and
/// `docs/feed.schema.json` are that output, and `ReportSchemaTests` fails when they drift from it.
///
/// Objects the harness owns (a result, a summary, the metrics) refuse keys the schema does not name; objects that
/// describe the machine or the command (`metadata`, `bench_case`, a feed's `feed`) accept more, since older reports
/// hold keys since dropped (`metadata.host`).
public enum ReportSchema {
    public static func results() -> [String: Any] {
        let nanosecondsByLoop: [String: Any] = ["type": "array",
                                                "items": ["type": "array", "items": ["type": "integer", "minimum": 0]]]
        var resultProperties: [String: Any] = [
            "bench_case": benchCase,
            "failure": string("why the case has no figures: a crash, a time-out, a refused GIF"),
            "width": integer(), "height": integer(), "frames": integer(), "file_bytes": integer(),
            "truncated": boolean(),
            "frames_hash": string("FNV-1a 64 over the frames' own FNV-1a 64 values (little-endian), one more loop "
                                  + "after the measured interval (docs/running.md)"),
            "display_frames_hash": string("the same over the downscaled frames, with --display"),
            "gif_bytes_hash": string("the hash of the GIF's bytes as the case read them"),
            "sampler_samples": integer(),
            "frame_costs": [
                "type": "object", "required": ["passes"], "additionalProperties": false,
                "description": "nanoseconds of CPU each frame's decode cost on the decoding thread, one array a loop "
                               + "(every loop in throughput mode, the first in real time); lzw and copy, of the same "
                               + "shape, are those steps' shares when the decoder timed them apart (the rest is "
                               + "drawing); allocated and freed, the bytes the decoding thread allocated and freed "
                               + "during each decode; paced, paced_lzw and paced_copy, a few frames decoded again "
                               + "after playback, each after sleeping its delay, and their steps, paced_frames "
                               + "naming the frames (frames 1, 2, … in reports without it; reports before these also "
                               + "kept back_to_back, the same frames decoded back to back)",
                "properties": ["passes": nanosecondsByLoop, "lzw": nanosecondsByLoop, "copy": nanosecondsByLoop,
                               "allocated": nanosecondsByLoop, "freed": nanosecondsByLoop,
                               "back_to_back": ["type": "array", "items": integer()],
                               "paced": ["type": "array", "items": integer()],
                               "paced_frames": ["type": "array", "items": integer()],
                               "paced_lzw": ["type": "array", "items": integer()],
                               "paced_copy": ["type": "array", "items": integer()]],
            ],
            "timeline": [
                "type": "object",
                "properties": [
                    "capacity": integer(), "offered": integer(), "stride": integer(),
                    "samples": ["type": "array", "items": sample],
                ],
            ],
        ]
        for measure in Measure.allCases where measure.isStored {
            resultProperties[measure.column] = figure(measure)
            let firstSchemaKey = BaselineFile.fileKey(measure.firstSchemaKey)
            if firstSchemaKey != measure.column {
                var old = figure(measure)
                old["deprecated"] = true
                old["description"] = "schema 1's key for \(measure.column), read in reports made before schema 2"
                resultProperties[firstSchemaKey] = old
            }
        }
        let metric: [String: Any] = [
            "type": "object",
            "required": ["median", "min", "max"],
            "properties": [
                "median": number(), "min": number(), "max": number(),
                "interval": ["type": "object", "required": ["lower", "upper"],
                             "properties": ["lower": number(), "upper": number()], "additionalProperties": false],
            ],
        ]
        var metricProperties: [String: Any] = [:]
        for measure in Measure.allCases { metricProperties[measure.column] = metric }
        let summary: [String: Any] = [
            "type": "object",
            "required": ["gif", "decoder", "policy", "mode", "setting", "repetitions", "failures", "metrics"],
            "properties": [
                "gif": string(), "decoder": decoder, "window": integer(), "policy": string(), "mode": mode,
                "setting": benchCase, "width": integer(), "height": integer(), "frames": integer(),
                "file_bytes": integer(),
                "loops": integer(), "repetitions": integer(), "failures": integer(),
                "rough_repetitions": integer("real time: the repetitions with a stall or a dropped frame"),
                "metrics": ["type": "object", "properties": metricProperties, "additionalProperties": false],
            ],
            "additionalProperties": false,
        ]
        let outcome: [String: Any] = [
            "type": "object", "additionalProperties": false,
            "required": ["stalls", "dropped_frames", "held_frames_max", "decodes", "decode_seconds"],
            "properties": [
                "stalls": integer(), "dropped_frames": integer(), "lateness_seconds": number(),
                "held_frames_max": integer(),
                "decodes": integer(),
                "decode_seconds": number("CPU of the decodes the player ran, from the traced costs"),
                "first_frame_seconds": number(), "animation_seconds": number(),
                "held_frames": [
                    "type": "array",
                    "description": "the decoded frames held over time: at frame 0 and at every display tick where "
                                   + "the count changed",
                    "items": ["type": "object", "additionalProperties": false, "required": ["seconds", "frames"],
                              "properties": ["seconds": number("since frame 0 was shown"), "frames": integer()]],
                ],
            ],
        ]
        let replayed: [String: Any] = [
            "type": "object", "additionalProperties": false,
            "required": ["label", "setting", "outcome", "peak_allocated_bytes"],
            "properties": [
                "label": string(), "setting": string("the --windows or --policies value that plays it"),
                "own_costs": ["type": "boolean",
                              "description": "replayed from its own decodes' costs, not another setting's"],
                "outcome": outcome,
                "peak_allocated_bytes": number("estimated: the GIF's measured bytes besides pixels, and the pixels held"),
                "cpu_per_loop_seconds": number("reports before margins: the decoding CPU divided by the loops"),
                "margin": ["type": "object", "additionalProperties": false,
                           "description": "how much slower every decode could be before the setting first stalls "
                                          + "or drops a frame; a bound left out is past the search (1/1024 to 1024)",
                           "properties": ["smooth_up_to": number(), "rough_from": number()]],
                "one_time_seconds": number("decoding CPU paid once, whatever the loops"),
                "steady_per_loop_seconds": number("decoding CPU each further loop costs"),
                "loop_seconds": number("seconds one loop lasts at this speed"),
            ],
        ]
        let replay: [String: Any] = [
            "type": "object", "additionalProperties": false, "required": ["loops", "largest_window", "answers"],
            "description": "throughput mode: every GIF replayed on a virtual display link from its traced frame costs",
            "properties": [
                "loops": integer(), "largest_window": integer(),
                "margins": ["type": "array", "items": number()],
                "answers": ["type": "array", "items": [
                    "type": "object", "additionalProperties": false,
                    "required": ["gif", "speed", "refresh_hz", "codec", "traced_from", "eager", "libraries",
                                 "measured"],
                    "properties": [
                        "gif": string(), "speed": number(), "refresh_hz": number(), "codec": string(),
                        "device": string(),
                        "display": ["type": "object"], "traced_from": string(), "eager": replayed,
                        "smallest_window": replayed,
                        "windows": ["type": "array", "items": replayed],
                        "at_margins": ["type": "array", "items": [
                            "type": "object", "additionalProperties": false, "required": ["slowdown"],
                            "properties": ["slowdown": number(), "smallest_window": replayed],
                        ]],
                        "pacing_factor": number("what a decode paced as playback paces it costs over the run's "
                                                + "trace, the whole decode"),
                        "pacing_by_step": [
                            "type": "object", "additionalProperties": false,
                            "required": ["lzw", "draw", "copy", "whole"],
                            "description": "the same for each step: every setting but eager replayed with each "
                                           + "traced step at its paced cost",
                            "properties": ["lzw": number(), "draw": number(), "copy": number(), "whole": number()],
                        ],
                        "eager_up_front_spread": ["type": "array", "items": number(),
                                                  "description": "eager's fastest and slowest up-front decode"],
                        "libraries": ["type": "array", "items": replayed],
                        "measured": ["type": "array", "items": replayed],
                    ],
                ]],
            ],
        ]
        return [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "https://github.com/gif-frame-bench/results.schema.json",
            "title": "GIF Frame Bench run report (results.json, a baseline, a shard's report)",
            "type": "object",
            "required": ["schema", "metadata", "results", "summaries", "incomplete"],
            "properties": [
                "schema": ["enum": RunReport.readableSchemas],
                "metadata": metadata,
                "results": ["type": "array", "items": [
                    "type": "object", "required": ["bench_case", "width", "height", "frames", "frames_hash"],
                    "properties": resultProperties, "additionalProperties": false,
                ]],
                "summaries": ["type": "array", "items": summary],
                "incomplete": boolean("true for a run interrupted before its last case"),
                "replay": replay,
            ],
            "additionalProperties": false,
        ]
    }

    public static func text(_ schema: [String: Any]) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: schema,
                                              options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    // MARK: Parts

    static var sample: [String: Any] { [
        "type": "object", "required": ["time", "allocated"],
        "properties": ["time": number(), "allocated": integer(), "active": integer(), "resident": integer()],
    ] }

    static var mode: [String: Any] { ["enum": ["throughput", "realtime"]] }

    /// A decoder, as its JSON holds it: one key, the kind, over its parameters.
    static var decoder: [String: Any] { ["type": "object", "minProperties": 1, "maxProperties": 1] }

    static var benchCase: [String: Any] { [
        "type": "object",
        "required": ["gif", "decoder", "policy", "loops", "mode", "repetition"],
        "properties": [
            "gif": string(), "path": string(), "decoder": decoder, "policy": string(), "loops": integer(), "mode": mode,
            "speed": number(), "refresh_hz": number(), "cpus": integer(), "memory_warning_at": number(),
            "device": string(),
            "display": ["type": "object", "properties": ["width": integer(), "height": integer()]],
            "byte_source": ["enum": ["heap", "mmap"]], "codec": ["enum": ["fast", "giflib"]], "repetition": integer(),
            "sampler_interval": number(), "extra_work_per_frame": number(), "planted_leak_bytes": integer(),
            "decode_slowdown": number("--decode-slowdown: every decode this many times as costly"),
            "limits": ["type": "object",
                       "properties": ["max_canvas_pixels": integer(), "max_eager_bytes": integer(),
                                      "max_file_bytes": integer()]],
        ],
    ] }

    static var metadata: [String: Any] { [
        "type": "object",
        "required": ["date", "swift_version", "giflib_version", "jemalloc_version", "cpu_model", "cores",
                     "memory_bytes", "operating_system", "build_configuration", "command"],
        "properties": [
            "date": string(), "git_commit": string("12 hex digits, with -dirty for a changed tree"),
            "swift_version": string(),
            "giflib_version": string(), "jemalloc_version": string(), "cpu_model": string(), "cores": integer(),
            "memory_bytes": integer(), "operating_system": string(),
            "build_configuration": ["enum": ["release", "debug"]],
            "command": string(),
            "played_by": string("the bench run command that played the rows, for a report merged from shards"),
            "plan": ["type": "object", "properties": ["cases": integer(), "repetitions": integer()]],
            "instruction_context": ["type": "object"],
            "shard": ["type": "object"],
            "parent": ["type": "object",
                       "properties": ["cases": integer(), "cpu_seconds": number(), "peak_resident_bytes": integer()]],
            "host_activity": ["type": "object",
                              "description": "what the rest of the host did while the run played (/proc/stat)",
                              "properties": ["wall_seconds": number(),
                                             "others_seconds": number("CPU seconds the host's other processes used"),
                                             "steal_seconds": number(),
                                             "cores": integer()]],
        ],
    ] }

    static func figure(_ measure: Measure) -> [String: Any] {
        let unit: String
        switch measure.unit {
        case .bytes: unit = "bytes"
        case .seconds: unit = "seconds"
        case .count: unit = "a count"
        case .ratio: unit = "a ratio"
        case .text: unit = "text"
        }
        return ["type": "number", "description": "\(measure.column), in \(unit)"]
    }

    static func string(_ description: String? = nil) -> [String: Any] { described(["type": "string"], description) }
    static func integer(_ description: String? = nil) -> [String: Any] { described(["type": "integer"], description) }
    static func number(_ description: String? = nil) -> [String: Any] { described(["type": "number"], description) }
    static func boolean(_ description: String? = nil) -> [String: Any] { described(["type": "boolean"], description) }

    static func described(_ node: [String: Any], _ description: String?) -> [String: Any] {
        var node = node
        if let description { node["description"] = description }
        return node
    }
}
