// The model (strokes, screens, events, the fold, the codecs) lives in SessionModel, which links
// neither SQLite nor Crypto; StrokeLog adds the store on top and re-exports the model, so code
// that imports StrokeLog sees both.
@_exported import SessionModel
