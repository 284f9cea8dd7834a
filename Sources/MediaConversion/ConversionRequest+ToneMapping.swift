public import ColorSpaces
public import PixelConversion
public import ToneMapping

extension ConversionRequest {
    /// The HLG reference display's peak, 1000 cd/m² (ITU-R BT.2100 Table 5): PQ content brighter than this is tone
    /// mapped onto it when written as HLG (ITU-R BT.2408 §7).
    public static let hlgNominalPeak = 1000.0

    /// The `PixelConverter` tone mapping this request asks for when content of `content`'s luminance, HDR or not
    /// (`sourceIsHDR`), is written in `target`:
    ///
    /// - ``ToneMapping-swift.enum/automatic``: HDR content onto an SDR target maps to ``headroom`` (1 by default);
    ///   content brighter than the HLG nominal peak written as HLG maps onto that peak (1000 cd/m² ÷ reference
    ///   white); anything else maps onto ``headroom`` when it is set, and passes unchanged otherwise.
    /// - ``ToneMapping-swift.enum/method(_:)``: the operator onto ``headroom``, else 1 for SDR targets, the HLG
    ///   nominal peak for HLG targets, and the content's own headroom otherwise.
    /// - ``ToneMapping-swift.enum/none``: no tone mapping.
    ///
    /// SDR targets are those with neither an HDR transfer function nor extended linear light.
    public func converterToneMapping(content: ContentLuminance, sourceIsHDR: Bool, target: ColorSpace)
        -> PixelConverter.ToneMapping
    {
        let sdrTarget = !target.isHDR && !(target.isLinear && target.outOfRange == .extended)
        let hlgPeak = Self.hlgNominalPeak / referenceWhite
        let hlgTarget = target.transferFunction == .hlg
        switch toneMapping {
        case .none: return .none
        case .automatic:
            if sourceIsHDR, sdrTarget { return .displayHeadroom(headroom ?? 1, content: content) }
            if let headroom { return .displayHeadroom(headroom, content: content) }
            if hlgTarget, content.peakLuminance > Self.hlgNominalPeak {
                return .displayHeadroom(hlgPeak, content: content)
            }
            return .none
        case .method(let method):
            let h =
                headroom
                ?? (sdrTarget ? 1 : hlgTarget ? hlgPeak : content.headroom(referenceWhite: referenceWhite))
            return .displayHeadroom(h, content: content, method: method)
        }
    }
}
