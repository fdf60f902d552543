"""Lueur in other people's tools: the integer action encoding, the tensor observation,
the OpenSpiel game (extra ``lueur[openspiel]``) and the Gymnasium environment (extra
``lueur[gym]``). docs/interop.md shows each in use."""
